import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CurrentUser } from '@beacon/contract';
import { BriefcaseIcon, CalendarIcon, MailIcon, ShieldIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { findLanguage } from '../../../locales/languages.ts';
import { paths, withQuery } from '../../../utils/paths.ts';

/** What the home page needs to know about the user; the rest may still be loading. */
export type DashboardUser = Pick<CurrentUser, 'email' | 'first_name' | 'last_name'> &
  Partial<Pick<CurrentUser, 'role' | 'email_verified' | 'workspace' | 'created_at'>>;

export interface DashboardAppPageProps {
  user: DashboardUser;
}

/** An account this young is greeted as new ("Welcome"), an older one as returning. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** Whether the account was created within the last day (its first visits). */
export function isNewAccount(createdAt: string | undefined, now = Date.now()): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
}

/** `/dashboard/app`: the signed-in user's home. */
export function DashboardAppPage({ user }: DashboardAppPageProps) {
  const { t, i18n } = useTranslation('dashboard');
  const name = user.first_name || user.email;
  const greeting = isNewAccount(user.created_at) ? 'app.greetingNew' : 'app.greeting';
  const memberSince = user.created_at
    ? new Intl.DateTimeFormat(findLanguage(i18n.resolvedLanguage).htmlLang, {
        dateStyle: 'long',
      }).format(new Date(user.created_at))
    : undefined;

  return (
    <Stack spacing={4}>
      <PageTitle title={t('app.title')} />

      {user.email_verified === false && (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button
              component={RouterLink}
              to={withQuery(paths.auth.verify, { email: user.email })}
              color="inherit"
              size="small"
              variant="outlined"
            >
              {t('app.verify.action')}
            </Button>
          }
        >
          <AlertTitle>{t('app.verify.title')}</AlertTitle>
          {t('app.verify.text', { email: user.email })}
        </Alert>
      )}

      <Box>
        <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
          {t(greeting, { name })}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {user.workspace
            ? t('app.subtitle', { workspace: user.workspace.name })
            : t('app.subtitleLoading')}
        </Typography>
      </Box>

      <Box
        component="section"
        aria-labelledby="account-heading"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography id="account-heading" component="h2" variant="h6">
          {t('app.account')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          <Fact icon={<BriefcaseIcon />} label={t('app.workspace')}>
            {user.workspace?.name}
          </Fact>
          <Fact icon={<ShieldIcon />} label={t('app.role')}>
            {user.role && (
              <Chip
                label={t(`roles.${user.role}`)}
                size="small"
                sx={{ bgcolor: 'primary.lighter', color: 'primary.darker', fontWeight: 600 }}
              />
            )}
          </Fact>
          <Fact icon={<MailIcon />} label={t('app.email')}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Box>
          </Fact>
          <Fact icon={<CalendarIcon />} label={t('app.memberSince')}>
            {memberSince}
          </Fact>
        </Box>
      </Box>
    </Stack>
  );
}

/** One labelled fact; a skeleton while its value is still loading. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 1.5,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.neutral',
          color: 'text.secondary',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {label}
        </Typography>
        <Typography component="div" variant="subtitle1">
          {children ?? <Skeleton width={120} />}
        </Typography>
      </Box>
    </Card>
  );
}
