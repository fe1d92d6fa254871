import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@beacon/contract';
import { FormPasswordField, FormTextField } from '../../../components/form-text-field.tsx';
import { ShieldIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths, withQuery } from '../../../utils/paths.ts';
import { authApi } from '../api/auth-api.ts';
import { setAuthNotice } from '../utils/auth-notice.ts';
import { authErrorText, fieldErrorText } from '../utils/form-errors.ts';
import {
  newPasswordFormSchema,
  toNewPasswordRequest,
  type NewPasswordFormValues,
} from '../utils/schemas.ts';
import { AuthHeader } from './auth-header.tsx';

/** `/auth/new-password`: sets a new password with the e-mailed code, then goes to sign-in. */
export function NewPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, formState } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: {
      email: params.get('email') ?? '',
      code: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await authApi.setNewPassword(toNewPasswordRequest(values));
      setAuthNotice('passwordChanged');
      void navigate(paths.auth.login, { replace: true });
    } catch (error) {
      setServerError(authErrorText(t, error));
    }
  });

  const email = useWatch({ control, name: 'email' });

  return (
    <>
      <PageTitle title={t('newPassword.title')} />
      <AuthHeader
        title={t('newPassword.heading')}
        subtitle={t('newPassword.subtitle')}
        icon={<ShieldIcon />}
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
          <FormPasswordField
            control={control}
            name="password"
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            helperText={t('register.passwordHint', { min: PASSWORD_MIN })}
            errorText={(error) => fieldErrorText(t, 'password', error)}
          />
          <FormPasswordField
            control={control}
            name="confirmPassword"
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            errorText={(error) => fieldErrorText(t, 'confirmPassword', error)}
          />
          <Button
            type="submit"
            size="large"
            variant="contained"
            fullWidth
            loading={formState.isSubmitting}
            disabled={formState.isSubmitting}
          >
            {t('newPassword.submit')}
          </Button>
          <Link
            component={RouterLink}
            to={withQuery(paths.auth.resetPassword, { email })}
            variant="body2"
            sx={{ alignSelf: 'center' }}
          >
            {t('newPassword.requestCode')}
          </Link>
          <Link
            component={RouterLink}
            to={paths.auth.login}
            variant="body2"
            sx={{ alignSelf: 'center' }}
          >
            {t('common:backToSignIn')}
          </Link>
        </Stack>
      </Box>
    </>
  );
}
