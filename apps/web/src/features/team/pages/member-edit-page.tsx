import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MEMBER_ROLES,
  RECORD_VISIBILITIES,
  type MemberPatch,
  type MemberProfile,
} from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../utils/paths.ts';
import {
  useDirectoryQuery,
  useMemberQuery,
  useRemoveMemberMutation,
  useUpdateMemberMutation,
} from '../api/team-api.ts';
import { TeamHeader } from '../components/team-header.tsx';
import { fullName, teamErrorText } from '../utils/format.ts';

/** `/dashboard/user/{id}/edit`: an admin changes a member's role, status and visibility, or removes them. */
export function MemberEditPage({ id }: { id: string }) {
  const { t } = useTranslation('team');
  const member = useMemberQuery(id);
  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }}>
      <TeamHeader title={t('edit.title')} subtitle={t('edit.subtitle')} />
      {member.error && !member.data ? (
        <Alert severity="error">{teamErrorText(t, member.error)}</Alert>
      ) : !member.data ? (
        <Box role="status" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <MemberEditForm key={member.data.id} member={member.data} />
      )}
    </Stack>
  );
}

function MemberEditForm({ member }: { member: MemberProfile }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<Required<MemberPatch>>({
    role: member.role,
    status: member.status,
    recordVisibility: member.recordVisibility,
  });
  const [update, updating] = useUpdateMemberMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const others = useDirectoryQuery({ status: 'active' });
  const heirs = (others.data ?? []).filter((m) => m.id !== member.id);
  const [takeoverId, setTakeoverId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useRemoveMemberMutation();

  const save = async () => {
    setFailure(null);
    try {
      await update({ id: member.id, patch: values }).unwrap();
      enqueueSnackbar(t('edit.saved'));
    } catch (error) {
      setFailure(teamErrorText(t, error));
    }
  };

  const select = <K extends keyof MemberPatch>(
    key: K,
    options: readonly string[],
    label: string,
    hint: (v: string) => string,
  ) => (
    <TextField
      select
      label={label}
      value={values[key]}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      helperText={hint(String(values[key]))}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`${key === 'role' ? 'roles' : key === 'status' ? 'status' : 'visibility'}.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <Card sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <MemberAvatar member={member} size={56} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" dir="auto">
              {fullName(member)}
            </Typography>
            <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {member.email}
            </Typography>
          </Box>
        </Stack>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {select('role', MEMBER_ROLES, t('fields.role'), (v) => t(`roleHints.${v}`))}
          {select('status', ['active', 'disabled'], t('fields.status'), (v) =>
            t(`statusHints.${v}`),
          )}
          {select('recordVisibility', RECORD_VISIBILITIES, t('fields.visibility'), (v) =>
            t(`visibilityHints.${v}`),
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={() => void navigate(paths.dashboard.user.list)}>
              {t('cancel')}
            </Button>
            <Button variant="contained" loading={updating.isLoading} onClick={() => void save()}>
              {t('save')}
            </Button>
          </Stack>
        </Stack>
      </Card>

      <Card sx={{ p: 3, borderColor: 'error.main', borderWidth: 1, borderStyle: 'solid' }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('remove.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('remove.text')}</Typography>
        <Divider sx={{ mb: 2 }} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            label={t('remove.takeover')}
            value={takeoverId}
            onChange={(event) => setTakeoverId(event.target.value)}
            sx={{ flex: 1 }}
            helperText={t('remove.takeoverHint')}
          >
            {heirs.map((heir) => (
              <MenuItem key={heir.id} value={heir.id}>
                {fullName(heir)} ({heir.email})
              </MenuItem>
            ))}
          </TextField>
          <Button
            color="error"
            variant="contained"
            disabled={!takeoverId}
            onClick={() => setConfirming(true)}
          >
            {t('remove.submit')}
          </Button>
        </Stack>
      </Card>

      <ConfirmDialog
        open={confirming}
        title={t('remove.confirmTitle')}
        text={t('remove.confirmText', {
          name: fullName(member),
          heir: fullName(heirs.find((h) => h.id === takeoverId) ?? member),
        })}
        confirmLabel={t('remove.submit')}
        busy={removing.isLoading}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          remove({ id: member.id, takeoverId })
            .unwrap()
            .then(
              () => {
                enqueueSnackbar(t('remove.done', { name: fullName(member) }));
                void navigate(paths.dashboard.user.list);
              },
              (error: unknown) => {
                setConfirming(false);
                setFailure(teamErrorText(t, error));
              },
            );
        }}
      />
    </>
  );
}
