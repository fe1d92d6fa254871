import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  INVITATION_TTL_DAYS,
  MEMBER_ROLES,
  newInvitationSchema,
  type NewInvitation,
} from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { paths } from '../../../utils/paths.ts';
import { useInviteMutation } from '../api/team-api.ts';
import { TeamHeader } from '../components/team-header.tsx';
import { teamErrorText } from '../utils/format.ts';

/** `/dashboard/user/new`: an admin invites someone by e-mail with a role. */
export function InvitePage() {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [invite] = useInviteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<NewInvitation>({
    resolver: zodResolver(newInvitationSchema),
    defaultValues: { email: '', role: 'contributor' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await invite(values).unwrap();
      enqueueSnackbar(t('invite.sent', { email: values.email }));
      void navigate(paths.dashboard.user.list);
    } catch (error) {
      if (isApiFailure(error) && error.code === 'ACCOUNT_EXISTS') {
        setError('email', { type: 'server', message: t('errors.codes.ACCOUNT_EXISTS') });
        return;
      }
      if (isApiFailure(error) && error.code === 'ALREADY_INVITED') {
        setError('email', { type: 'server', message: t('errors.codes.ALREADY_INVITED') });
        return;
      }
      if (!isApiFailure(error) || !applyServerFieldErrors(setError, error, ['email', 'role'])) {
        setFailure(teamErrorText(t, error));
      }
    }
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <TeamHeader title={t('invite.title')} subtitle={t('invite.subtitle')} />
      <Card component="form" noValidate onSubmit={onSubmit} sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="off"
            required
            errorText={(error) =>
              fieldErrorMessage(t, error, { invalid_format: 'team:invite.badEmail' })
            }
          />
          <FormTextField
            control={control}
            name="role"
            select
            label={t('fields.role')}
            required
            helperText={t('invite.roleHint')}
            errorText={(error) => fieldErrorMessage(t, error)}
          >
            {MEMBER_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {t(`roles.${role}`)} — {t(`roleHints.${role}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('invite.expiry', { days: INVITATION_TTL_DAYS })}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" component={RouterLink} to={paths.dashboard.user.list}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {t('invite.submit')}
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
