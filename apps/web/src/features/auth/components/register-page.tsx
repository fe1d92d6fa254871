import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PASSWORD_MIN, registerRequestSchema, type RegisterRequest } from '@beacon/contract';
import { FormPasswordField, FormTextField } from '../../../components/form-text-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { useReturnTo } from '../hooks/use-return-to.ts';
import { AuthError } from '../utils/auth-error.ts';
import { applyServerFieldErrors, SERVER_ERROR_TYPE } from '../../../utils/form-errors.ts';
import { authErrorText, fieldErrorText } from '../utils/form-errors.ts';
import { afterSignInPath } from '../utils/return-to.ts';
import { AuthHeader } from './auth-header.tsx';

const FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;

export interface RegisterPageProps {
  unprotected?: boolean;
}

type Outcome = { severity: 'error' | 'warning'; text: string } | null;

export function RegisterPage({ unprotected = false }: RegisterPageProps) {
  const { t } = useTranslation('auth');
  const { register } = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const { control, handleSubmit, setError, formState } = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const result = await register(values);
      if (result.access_token) {
        void navigate(afterSignInPath(returnTo), { replace: true });
        return;
      }
      // Completed without a session: say what the server said, and offer to sign in.
      setOutcome({ severity: 'warning', text: result.error ?? t('register.noSession') });
    } catch (error) {
      if (error instanceof AuthError && error.code === 'EMAIL_TAKEN') {
        setError(
          'email',
          { type: SERVER_ERROR_TYPE, message: t('errors.emailTaken') },
          { shouldFocus: true },
        );
        return;
      }
      if (error instanceof AuthError) applyServerFieldErrors(setError, error, FIELDS);
      setOutcome({ severity: 'error', text: authErrorText(t, error) });
    }
  });

  const loginPath = unprotected ? paths.auth.loginUnprotected : paths.auth.login;

  return (
    <>
      <PageTitle title={t('register.title')} />
      <AuthHeader
        title={t('register.heading')}
        subtitle={
          <>
            {t('register.haveAccount')}{' '}
            <Link component={RouterLink} to={withQuery(loginPath, { returnTo })}>
              {t('register.signIn')}
            </Link>
          </>
        }
      />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {outcome && (
            <Alert severity={outcome.severity} role="alert">
              {outcome.text}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="first_name"
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              errorText={(error) => fieldErrorText(t, 'first_name', error)}
            />
            <FormTextField
              control={control}
              name="last_name"
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              errorText={(error) => fieldErrorText(t, 'last_name', error)}
            />
          </Stack>
          <FormTextField
            control={control}
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            errorText={(error) => fieldErrorText(t, 'email', error)}
          />
          <FormPasswordField
            control={control}
            name="password"
            label={t('fields.password')}
            autoComplete="new-password"
            required
            helperText={t('register.passwordHint', { min: PASSWORD_MIN })}
            errorText={(error) => fieldErrorText(t, 'password', error)}
          />
          <Button
            type="submit"
            size="large"
            variant="contained"
            fullWidth
            loading={formState.isSubmitting}
            disabled={formState.isSubmitting}
          >
            {t('register.submit')}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
