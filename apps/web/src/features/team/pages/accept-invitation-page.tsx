import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN, acceptInvitationSchema, type InvitationPreview } from '@beacon/contract';
import { FormPasswordField, FormTextField } from '../../../components/form-text-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { isApiFailure } from '../../../lib/api.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { paths } from '../../../utils/paths.ts';
import { useAcceptInvitationMutation, useInvitationPreviewQuery } from '../api/team-api.ts';
import { teamErrorText } from '../utils/format.ts';

const formSchema = acceptInvitationSchema.omit({ token: true });
type AcceptForm = z.infer<typeof formSchema>;

export interface AcceptInvitationPageProps {
  token: string;
  /** Signs in with the new account (the auth feature's login), then lands in the workspace. */
  signIn: (email: string, password: string) => Promise<void>;
}

/**
 * `/auth/accept-invitation?token=`: who invited the person to which workspace, and the form that
 * makes their account there (names and password) and signs them in.
 */
export function AcceptInvitationPage({ token, signIn }: AcceptInvitationPageProps) {
  const { t } = useTranslation('team');
  const preview = useInvitationPreviewQuery(token, { skip: token.length < 16 });
  return (
    <>
      <PageTitle title={t('accept.title')} />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('accept.heading')}
      </Typography>
      {token.length < 16 || (preview.error && !preview.data) ? (
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {token.length < 16 || (isApiFailure(preview.error) && preview.error.status === 400)
              ? t('errors.codes.INVITATION_INVALID')
              : teamErrorText(t, preview.error)}
          </Alert>
          <Link component={RouterLink} to={paths.auth.login}>
            {t('accept.toSignIn')}
          </Link>
        </Stack>
      ) : !preview.data ? (
        <Box role="status" aria-label={t('loading')}>
          <Skeleton height={48} />
          <Skeleton height={200} variant="rounded" />
        </Box>
      ) : (
        <AcceptForm token={token} preview={preview.data} signIn={signIn} />
      )}
    </>
  );
}

function AcceptForm({
  token,
  preview,
  signIn,
}: {
  token: string;
  preview: InvitationPreview;
  signIn: AcceptInvitationPageProps['signIn'];
}) {
  const { t } = useTranslation('team');
  const [accept] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<AcceptForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { first_name: '', last_name: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept({ token, ...values }).unwrap();
    } catch (error) {
      if (
        !isApiFailure(error) ||
        !applyServerFieldErrors(setError, error, ['first_name', 'last_name', 'password'])
      ) {
        setFailure(teamErrorText(t, error));
      }
      return;
    }
    try {
      await signIn(preview.email, values.password);
    } catch (error) {
      setFailure(teamErrorText(t, error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Typography sx={{ color: 'text.secondary' }}>
          {preview.invitedBy
            ? t('accept.invitedBy', {
                name: preview.invitedBy,
                workspace: preview.workspaceName,
                role: t(`roles.${preview.role}`),
              })
            : t('accept.invited', {
                workspace: preview.workspaceName,
                role: t(`roles.${preview.role}`),
              })}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('fields.email')}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {preview.email}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="first_name"
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            errorText={(error) => fieldErrorMessage(t, error)}
          />
          <FormTextField
            control={control}
            name="last_name"
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            errorText={(error) => fieldErrorMessage(t, error)}
          />
        </Stack>
        <FormPasswordField
          control={control}
          name="password"
          label={t('fields.password')}
          autoComplete="new-password"
          required
          helperText={t('accept.passwordHint', { min: PASSWORD_MIN })}
          errorText={(error) =>
            fieldErrorMessage(t, error, { too_small: 'team:accept.passwordShort' })
          }
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          fullWidth
          loading={formState.isSubmitting}
        >
          {t('accept.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
