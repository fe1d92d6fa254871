import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { verifyEmailRequestSchema, type VerifyEmailRequest } from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { MailIcon } from '../../../components/icons.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { authErrorText, fieldErrorText } from '../utils/form-errors.ts';
import { AuthHeader } from './auth-header.tsx';

/** `/auth/verify`: confirms the e-mail address with the 6-digit code sent at registration. */
export function VerifyPage() {
  const { isInitialized, user } = useAuth();
  const [params] = useSearchParams();
  // The e-mail comes from the link (?email=) or the signed-in user, so wait for the session.
  if (!isInitialized) return <LoadingScreen />;
  return <VerifyForm defaultEmail={params.get('email') ?? user?.email ?? ''} />;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'verified' }
  | { kind: 'resent'; email: string }
  | { kind: 'error'; text: string };

function VerifyForm({ defaultEmail }: { defaultEmail: string }) {
  const { t } = useTranslation('auth');
  const { isAuthenticated, refreshUser } = useAuth();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [resending, setResending] = useState(false);

  const { control, handleSubmit, trigger, getValues, formState } = useForm<VerifyEmailRequest>({
    resolver: zodResolver(verifyEmailRequestSchema),
    defaultValues: { email: defaultEmail, code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus({ kind: 'idle' });
    try {
      await authApi.verifyEmail(values);
      setStatus({ kind: 'verified' });
      if (isAuthenticated) {
        await refreshUser().catch((error: unknown) => {
          console.warn('Could not reload the user after verifying', error);
        });
      }
    } catch (error) {
      setStatus({ kind: 'error', text: authErrorText(t, error) });
    }
  });

  const resend = async () => {
    if (!(await trigger('email', { shouldFocus: true }))) return;
    const email = getValues('email').trim();
    setResending(true);
    setStatus({ kind: 'idle' });
    try {
      await authApi.resendVerification({ email });
      setStatus({ kind: 'resent', email });
    } catch (error) {
      setStatus({ kind: 'error', text: authErrorText(t, error) });
    } finally {
      setResending(false);
    }
  };

  if (status.kind === 'verified') {
    return (
      <>
        <PageTitle title={t('verify.title')} />
        <AuthHeader
          title={t('verify.successHeading')}
          subtitle={t('verify.success')}
          icon={<MailIcon />}
        />
        <Button
          component={RouterLink}
          to={isAuthenticated ? paths.dashboard.app : paths.auth.login}
          size="large"
          variant="contained"
          fullWidth
        >
          {isAuthenticated ? t('verify.continue') : t('verify.signIn')}
        </Button>
      </>
    );
  }

  const busy = formState.isSubmitting || resending;
  return (
    <>
      <PageTitle title={t('verify.title')} />
      <AuthHeader title={t('verify.heading')} subtitle={t('verify.subtitle')} icon={<MailIcon />} />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {status.kind === 'error' && (
            <Alert severity="error" role="alert">
              {status.text}
            </Alert>
          )}
          {status.kind === 'resent' && (
            <Alert severity="success" role="status">
              {t('verify.resent', { email: status.email })}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            errorText={(error) => fieldErrorText(t, 'email', error)}
          />
          <FormTextField
            control={control}
            name="code"
            label={t('fields.code')}
            autoComplete="one-time-code"
            required
            helperText={t('verify.codeHint')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*', dir: 'ltr' },
            }}
            errorText={(error) => fieldErrorText(t, 'code', error)}
          />
          <Button
            type="submit"
            size="large"
            variant="contained"
            fullWidth
            loading={formState.isSubmitting}
            disabled={busy}
          >
            {t('verify.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
            {t('verify.noCode')}{' '}
            <Button
              variant="text"
              size="small"
              onClick={() => void resend()}
              loading={resending}
              disabled={busy}
            >
              {t('verify.resend')}
            </Button>
          </Typography>
          <Link
            component={RouterLink}
            to={isAuthenticated ? paths.dashboard.app : paths.auth.login}
            sx={{ alignSelf: 'center' }}
            variant="body2"
          >
            {isAuthenticated ? t('verify.later') : t('common:backToSignIn')}
          </Link>
        </Stack>
      </Box>
    </>
  );
}
