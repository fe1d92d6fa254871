import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MEMBER_ROLES, type Invitation, type Role } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EditIcon, PlusIcon, SearchIcon, SendIcon, TrashIcon } from '../../../components/icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import {
  useBulkRoleMutation,
  useDirectoryQuery,
  useInvitationsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '../api/team-api.ts';
import { Label, roleColor, TeamHeader } from '../components/team-header.tsx';
import { formatWhen, fullName, relativeTime, teamErrorText } from '../utils/format.ts';

export interface MembersListPageProps {
  isAdmin: boolean;
  currentUserId: string | undefined;
}

type StatusFilter = 'all' | 'active' | 'disabled';

/** `/dashboard/user/list`: the members table with filters and a bulk role change, and invitations. */
export function MembersListPage({ isAdmin, currentUserId }: MembersListPageProps) {
  const { t, i18n } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | 'all'>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const directory = useDirectoryQuery({
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(role !== 'all' ? { role } : {}),
    ...(status !== 'all' ? { status } : {}),
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkRole, setBulkRole] = useState<Role>('contributor');
  const [applyRole, applying] = useBulkRoleMutation();

  const members = useMemo(() => directory.data ?? [], [directory.data]);
  const shownSelected = members.filter((m) => selected.has(m.id)).map((m) => m.id);
  const allChecked = members.length > 0 && shownSelected.length === members.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const apply = async () => {
    try {
      const { affected } = await applyRole({ ids: shownSelected, role: bulkRole }).unwrap();
      enqueueSnackbar(t('list.bulkDone', { count: affected }));
      setSelected(new Set());
    } catch (error) {
      enqueueSnackbar(teamErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={3}>
      <TeamHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          isAdmin && (
            <Button
              variant="contained"
              startIcon={<PlusIcon />}
              component={RouterLink}
              to={paths.dashboard.user.new}
            >
              {t('list.invite')}
            </Button>
          )
        }
      />

      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            value={q}
            onChange={(event) => setQ(event.target.value)}
            label={t('list.search')}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('fields.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as Role | 'all')}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">{t('list.allRoles')}</MenuItem>
            {MEMBER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('fields.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">{t('list.allStatuses')}</MenuItem>
            <MenuItem value="active">{t('status.active')}</MenuItem>
            <MenuItem value="disabled">{t('status.disabled')}</MenuItem>
          </TextField>
        </Stack>

        {isAdmin && shownSelected.length > 0 && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            role="region"
            aria-label={t('list.bulkLabel')}
            sx={{ px: 2.5, py: 1.5, bgcolor: 'action.selected', alignItems: { sm: 'center' } }}
          >
            <Typography sx={{ flex: 1, fontWeight: 600 }}>
              {t('list.selected', { count: shownSelected.length })}
            </Typography>
            <TextField
              select
              size="small"
              label={t('list.newRole')}
              value={bulkRole}
              onChange={(event) => setBulkRole(event.target.value as Role)}
              sx={{ minWidth: 180 }}
            >
              {MEMBER_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" loading={applying.isLoading} onClick={() => void apply()}>
              {t('list.applyRole')}
            </Button>
          </Stack>
        )}

        {directory.error && !directory.data ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void directory.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {teamErrorText(t, directory.error)}
          </Alert>
        ) : !directory.data ? (
          <Box role="status" aria-label={t('loading')} sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={56} />
            ))}
          </Box>
        ) : members.length === 0 ? (
          <Typography sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
            {t('list.empty')}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label={t('list.title')}>
              <TableHead>
                <TableRow>
                  {isAdmin && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allChecked}
                        indeterminate={shownSelected.length > 0 && !allChecked}
                        onChange={() =>
                          setSelected(allChecked ? new Set() : new Set(members.map((m) => m.id)))
                        }
                        slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>{t('fields.name')}</TableCell>
                  <TableCell>{t('fields.role')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('fields.status')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {t('fields.lastActive')}
                  </TableCell>
                  {isAdmin && <TableCell padding="checkbox" />}
                </TableRow>
              </TableHead>
              <TableBody>
                {members.map((member) => (
                  <TableRow key={member.id} hover selected={selected.has(member.id)}>
                    {isAdmin && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(member.id)}
                          onChange={() => toggle(member.id)}
                          slotProps={{
                            input: {
                              'aria-label': t('list.selectOne', { name: fullName(member) }),
                            },
                          }}
                        />
                      </TableCell>
                    )}
                    <TableCell>
                      <Stack
                        direction="row"
                        spacing={1.5}
                        sx={{ alignItems: 'center', minWidth: 0 }}
                      >
                        <MemberAvatar member={member} />
                        <Box sx={{ minWidth: 0 }}>
                          <Link
                            component={RouterLink}
                            to={`${paths.dashboard.user.root}?member=${member.id}`}
                            dir="auto"
                            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                          >
                            {fullName(member)}
                          </Link>
                          {member.id === currentUserId && (
                            <Typography component="span" variant="caption">
                              {' '}
                              {t('list.you')}
                            </Typography>
                          )}
                          <Typography
                            variant="body2"
                            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                          >
                            {member.email}
                          </Typography>
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Label color={roleColor[member.role]} label={t(`roles.${member.role}`)} />
                      {member.recordVisibility === 'own' && (
                        <Typography variant="caption" sx={{ display: 'block', mt: 0.5 }}>
                          {t('visibility.ownShort')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      <Label
                        color={member.status === 'active' ? 'success' : 'warning'}
                        label={t(`status.${member.status}`)}
                      />
                    </TableCell>
                    <TableCell
                      sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}
                    >
                      {member.lastActiveAt ? (
                        <Tooltip title={formatWhen(member.lastActiveAt, i18n.language)}>
                          <span>{relativeTime(member.lastActiveAt, i18n.language)}</span>
                        </Tooltip>
                      ) : (
                        t('list.never')
                      )}
                    </TableCell>
                    {isAdmin && (
                      <TableCell>
                        <Tooltip title={t('list.edit')}>
                          <IconButton
                            size="small"
                            component={RouterLink}
                            to={`${paths.dashboard.user.root}/${member.id}/edit`}
                            aria-label={t('list.editOne', { name: fullName(member) })}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>

      {isAdmin && <PendingInvitations />}
    </Stack>
  );
}

/** The invitations not accepted yet, with resend and revoke. */
function PendingInvitations() {
  const { t, i18n } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const invitations = useInvitationsQuery();
  const [resend] = useResendInvitationMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const [revoked, setRevoked] = useState<Invitation | null>(null);

  const resendOne = async (invitation: Invitation) => {
    try {
      await resend(invitation.id).unwrap();
      enqueueSnackbar(t('invitations.resent', { email: invitation.email }));
    } catch (error) {
      enqueueSnackbar(teamErrorText(t, error), { variant: 'error' });
    }
  };

  const list = invitations.data ?? [];
  return (
    <Card>
      <CardHeader
        title={
          <Typography component="h2" variant="h6">
            {t('invitations.title')}
          </Typography>
        }
        subheader={t('invitations.subtitle')}
      />
      {invitations.error && !invitations.data ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {teamErrorText(t, invitations.error)}
        </Alert>
      ) : !invitations.data ? (
        <Box role="status" aria-label={t('loading')} sx={{ p: 2 }}>
          <Skeleton height={48} />
        </Box>
      ) : list.length === 0 ? (
        <Typography sx={{ p: 3, pt: 1, color: 'text.secondary' }}>
          {t('invitations.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table aria-label={t('invitations.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.email')}</TableCell>
                <TableCell>{t('fields.role')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('fields.status')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('invitations.expires')}
                </TableCell>
                <TableCell padding="checkbox" />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
                  <TableCell>{t(`roles.${invitation.role}`)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <Label
                      color={invitation.status === 'pending' ? 'info' : 'warning'}
                      label={t(`invitations.status.${invitation.status}`)}
                    />
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}
                  >
                    {relativeTime(invitation.expiresAt, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('invitations.resend')}>
                      <IconButton
                        size="small"
                        aria-label={t('invitations.resendOne', { email: invitation.email })}
                        onClick={() => void resendOne(invitation)}
                      >
                        <SendIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('invitations.revoke')}>
                      <IconButton
                        size="small"
                        aria-label={t('invitations.revokeOne', { email: invitation.email })}
                        onClick={() => setRevoked(invitation)}
                      >
                        <TrashIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={revoked !== null}
        title={t('invitations.revokeTitle')}
        text={t('invitations.revokeText', { email: revoked?.email ?? '' })}
        confirmLabel={t('invitations.revoke')}
        busy={revoking.isLoading}
        onClose={() => setRevoked(null)}
        onConfirm={() => {
          if (!revoked) return;
          revoke(revoked.id)
            .unwrap()
            .then(
              () => enqueueSnackbar(t('invitations.revoked', { email: revoked.email })),
              (error: unknown) => enqueueSnackbar(teamErrorText(t, error), { variant: 'error' }),
            )
            .finally(() => setRevoked(null));
        }}
      />
    </Card>
  );
}
