import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { emailChangeRequestSchema, type Account, type EmailChangeRequest } from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { useChangeEmailMutation } from '../api/account-api.ts';

/** E-mail: the address in use, and a change confirmed by a link sent to the new one. */
export function EmailTab({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const [change, { isLoading, error }] = useChangeEmailMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const errorText = (e: Parameters<typeof fieldErrorMessage>[1]) =>
    fieldErrorMessage(t, e, { invalid_format: 'account:email.invalid' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change(values).unwrap();
      setSentTo(values.email.trim().toLowerCase());
      reset({ email: '', password: '' });
    } catch (failure) {
      if (isApiFailure(failure)) applyServerFieldErrors(setError, failure, ['email', 'password']);
    }
  });
  const pending = sentTo ?? account.pendingEmail;

  return (
    <Card component="section" aria-labelledby="email-title" sx={{ p: 3 }}>
      <Typography id="email-title" component="h2" variant="h6">
        {t('email.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
        {t('email.hint')}
      </Typography>
      <Stack spacing={2.5} sx={{ maxWidth: 520 }}>
        <Box>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('email.current')}
          </Typography>
          <Typography sx={{ wordBreak: 'break-all' }}>
            <bdi dir="ltr">{account.email}</bdi>
          </Typography>
        </Box>
        {pending && <Alert severity="info">{t('email.pending', { email: pending })}</Alert>}
        {error && !(isApiFailure(error) && error.fieldErrors) && (
          <Alert severity="error">{areaErrorText(t, 'account', error)}</Alert>
        )}
        <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2.5}>
          <FormTextField
            name="email"
            control={control}
            type="email"
            label={t('email.new')}
            autoComplete="email"
            required
            errorText={errorText}
          />
          <FormTextField
            name="password"
            control={control}
            type="password"
            label={t('password.current')}
            autoComplete="current-password"
            required
            helperText={t('email.passwordHint')}
            errorText={errorText}
          />
          <Box>
            <Button type="submit" variant="contained" loading={isLoading}>
              {t('email.submit')}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Card>
  );
}
