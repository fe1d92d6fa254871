import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { paths } from '../../../utils/paths.ts';
import { useDirectoryQuery } from '../api/team-api.ts';
import { MemberCover } from '../components/member-cover.tsx';
import { Label, roleColor, TeamHeader } from '../components/team-header.tsx';
import { fullName, teamErrorText } from '../utils/format.ts';

const GRID = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/** `/dashboard/user/cards`: the active members as cards, each opening their profile. */
export function MemberCardsPage() {
  const { t } = useTranslation('team');
  const directory = useDirectoryQuery({ status: 'active' });
  return (
    <Stack spacing={3}>
      <TeamHeader title={t('cards.title')} subtitle={t('cards.subtitle')} />
      {directory.error && !directory.data ? (
        <Alert severity="error">{teamErrorText(t, directory.error)}</Alert>
      ) : !directory.data ? (
        <Box role="status" aria-label={t('loading')} sx={GRID}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={260} />
          ))}
        </Box>
      ) : directory.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('list.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
          {directory.data.map((member) => (
            <Card component="li" key={member.id}>
              <CardActionArea
                component={RouterLink}
                to={`${paths.dashboard.user.root}?member=${member.id}`}
                aria-label={t('cards.open', { name: fullName(member) })}
              >
                <MemberCover address={member.coverUrl} height={96} />
                <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 2, pb: 3 }}>
                  <MemberAvatar
                    member={member}
                    size={72}
                    sx={{ mt: -4.5, border: 3, borderColor: 'background.paper' }}
                  />
                  <Typography variant="subtitle1" sx={{ fontWeight: 700 }} dir="auto">
                    {fullName(member)}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', minHeight: 20 }}
                    dir="auto"
                  >
                    {member.title ?? ''}
                  </Typography>
                  <Label color={roleColor[member.role]} label={t(`roles.${member.role}`)} />
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                  >
                    {member.email}
                  </Typography>
                </Stack>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Stack>
  );
}
