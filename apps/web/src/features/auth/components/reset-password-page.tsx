import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { emailOnlyRequestSchema, type EmailOnlyRequest } from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { KeyIcon, MailIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';
import { authApi } from '../api/auth-api.ts';
import { authErrorText, fieldErrorText } from '../utils/form-errors.ts';
import { AuthHeader } from './auth-header.tsx';

/** `/auth/reset-password`: asks for the e-mail that gets a reset code. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, formState } = useForm<EmailOnlyRequest>({
    resolver: zodResolver(emailOnlyRequestSchema),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await authApi.requestPasswordReset(values);
      setSentTo(values.email);
    } catch (error) {
      setServerError(authErrorText(t, error));
    }
  });

  const backToSignIn = (
    <Link component={RouterLink} to={paths.auth.login} variant="body2" sx={{ alignSelf: 'center' }}>
      {t('common:backToSignIn')}
    </Link>
  );

  if (sentTo) {
    return (
      <>
        <PageTitle title={t('resetPassword.title')} />
        <AuthHeader
          title={t('resetPassword.sentHeading')}
          subtitle={t('resetPassword.sent', { email: sentTo })}
          icon={<MailIcon />}
        />
        <Stack spacing={2.5}>
          <Button
            component={RouterLink}
            to={withQuery(paths.auth.newPassword, { email: sentTo })}
            size="large"
            variant="contained"
            fullWidth
          >
            {t('resetPassword.enterCode')}
          </Button>
          {backToSignIn}
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('resetPassword.title')} />
      <AuthHeader
        title={t('resetPassword.heading')}
        subtitle={t('resetPassword.subtitle')}
        icon={<KeyIcon />}
      />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
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
          <Button
            type="submit"
            size="large"
            variant="contained"
            fullWidth
            loading={formState.isSubmitting}
            disabled={formState.isSubmitting}
          >
            {t('resetPassword.submit')}
          </Button>
          <Link
            component={RouterLink}
            to={paths.auth.newPassword}
            variant="body2"
            sx={{ alignSelf: 'center' }}
          >
            {t('resetPassword.haveCode')}
          </Link>
          {backToSignIn}
        </Stack>
      </Box>
    </>
  );
}
