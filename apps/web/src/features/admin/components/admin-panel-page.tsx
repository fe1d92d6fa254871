import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Member, Role } from '@beacon/contract';
import { ShieldIcon, UsersIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { LockKeyIcon, UserIcon } from '../../../components/shell-icons.tsx';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../utils/paths.ts';
import { AuditLogCard } from './audit-log-card.tsx';
import { RoleChip } from './role-chip.tsx';
import { MailDomainsCard } from './mail-domains-card.tsx';
import { WorkspaceSettingsCard } from './workspace-settings-card.tsx';

export interface AdminPanelPageProps {
  /** The workspace's name (from `/user/me`); a skeleton while it loads. */
  workspaceName?: string;
  /** The signed-in user's e-mail, to mark their row. */
  currentEmail?: string;
  /** After the workspace's name changed: the shell reads it again. */
  onRenamed?: () => void;
}

const ROLE_ORDER: Record<Role, number> = { admin: 0, contributor: 1, viewer: 2 };

/** Admins first, then by name. */
export function sortMembers(members: readonly Member[]): Member[] {
  return [...members].sort(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`),
  );
}

/** `/dashboard/admin-panel` (admins only): the workspace's members and what their roles allow. */
export function AdminPanelPage({
  workspaceName,
  currentEmail,
  onRenamed = () => undefined,
}: AdminPanelPageProps) {
  const { t } = useTranslation('admin');
  const { loaded: members, loading, error, reload } = useWorkspaceMembers();
  const sorted = members ? sortMembers(members) : null;
  const count = (role?: Role) =>
    sorted ? sorted.filter((member) => !role || member.role === role).length : undefined;

  return (
    <Stack spacing={4}>
      <PageTitle title={t('panel.title')} />
      <Box>
        <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
          {t('panel.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {workspaceName ? (
            t('panel.settingsSubtitle', { workspace: workspaceName })
          ) : (
            <Skeleton width={240} />
          )}
        </Typography>
      </Box>

      <Box
        component="section"
        aria-label={t('panel.summary')}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <Stat
          icon={<UsersIcon />}
          label={t('panel.stats.members')}
          value={count()}
          tone="primary"
        />
        <Stat
          icon={<ShieldIcon />}
          label={t('roles.admin')}
          value={count('admin')}
          tone="secondary"
        />
        <Stat
          icon={<UserIcon />}
          label={t('roles.contributor')}
          value={count('contributor')}
          tone="info"
        />
        <Stat
          icon={<LockKeyIcon />}
          label={t('roles.viewer')}
          value={count('viewer')}
          tone="warning"
        />
      </Box>

      <WorkspaceSettingsCard onRenamed={onRenamed} />

      <MailDomainsCard />

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Card component="section" aria-labelledby="members-heading">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ px: 3, pt: 3, pb: 2, justifyContent: 'space-between' }}
          >
            <Box>
              <Typography id="members-heading" component="h2" variant="h6">
                {t('panel.members')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('panel.membersHint')}
              </Typography>
            </Box>
            <Box>
              <Button component={RouterLink} to={paths.dashboard.user.list} variant="outlined">
                {t('panel.manageMembers')}
              </Button>
            </Box>
          </Stack>
          {error ? (
            <Box sx={{ px: 3, pb: 3 }}>
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={reload}>
                    {t('panel.retry')}
                  </Button>
                }
              >
                {t('panel.error')}
              </Alert>
            </Box>
          ) : (
            <TableContainer>
              <Table aria-labelledby="members-heading" sx={{ minWidth: 520 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('panel.columns.member')}</TableCell>
                    <TableCell>{t('panel.columns.email')}</TableCell>
                    <TableCell>{t('panel.columns.role')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody aria-busy={loading && !sorted}>
                  {sorted
                    ? sorted.map((member) => (
                        <MemberRow
                          key={member.id}
                          member={member}
                          isYou={member.email === currentEmail}
                        />
                      ))
                    : [0, 1, 2].map((row) => (
                        <TableRow key={row}>
                          <TableCell>
                            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                              <Skeleton variant="circular" width={40} height={40} />
                              <Skeleton width={120} />
                            </Stack>
                          </TableCell>
                          <TableCell>
                            <Skeleton width={180} />
                          </TableCell>
                          <TableCell>
                            <Skeleton width={80} />
                          </TableCell>
                        </TableRow>
                      ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Card>

        <Card component="section" aria-labelledby="roles-heading" sx={{ p: 3 }}>
          <Typography id="roles-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('panel.rolesTitle')}
          </Typography>
          <Stack component="dl" spacing={2} sx={{ m: 0 }}>
            {(['admin', 'contributor', 'viewer'] as const).map((role) => (
              <Box key={role}>
                <Box component="dt" sx={{ mb: 0.5 }}>
                  <RoleChip role={role} label={t(`roles.${role}`)} />
                </Box>
                <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary' }}>
                  {t(`roleDescriptions.${role}`)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Card>
      </Box>

      <AuditLogCard members={sorted} />
    </Stack>
  );
}

function MemberRow({ member, isYou }: { member: Member; isYou: boolean }) {
  const { t } = useTranslation('admin');
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const initials = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            aria-hidden="true"
            sx={{
              width: 40,
              height: 40,
              fontSize: 15,
              bgcolor: 'primary.lighter',
              color: 'primary.darker',
            }}
          >
            {initials || '?'}
          </Avatar>
          <Typography variant="subtitle2" component="span">
            {name}
            {isYou && (
              <Chip
                label={t('panel.you')}
                size="small"
                variant="outlined"
                sx={{ ml: 1, height: 22, fontSize: 12 }}
              />
            )}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {member.email}
      </TableCell>
      <TableCell>
        <RoleChip role={member.role} label={t(`roles.${member.role}`)} />
      </TableCell>
    </TableRow>
  );
}

type Tone = 'primary' | 'secondary' | 'info' | 'warning';

function Stat({
  icon,
  label,
  value,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  tone: Tone;
}) {
  const theme = useTheme();
  const color = theme.palette[tone];
  return (
    <Card sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box
        aria-hidden="true"
        sx={{
          width: 48,
          height: 48,
          flexShrink: 0,
          borderRadius: 1.5,
          display: 'grid',
          placeItems: 'center',
          color: theme.palette.mode === 'dark' ? color.light : color.dark,
          bgcolor: alpha(color.main, 0.12),
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="p">
          {value ?? <Skeleton width={32} />}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
      </Box>
    </Card>
  );
}
