import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { useConfirmEmailMutation } from '../api/account-api.ts';

/**
 * `/dashboard/user/account/confirm-email?token=…`: the link mailed to a new address. Signed in
 * (the route is under the dashboard), it applies the change once and says how it went.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [confirm, { data, error, isUninitialized, isLoading }] = useConfirmEmailMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token.length < 20) return;
    sent.current = true;
    void confirm(token);
  }, [confirm, token]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <PageTitle title={t('confirm.title')} />
      <Typography component="h1" variant="h4">
        {t('confirm.title')}
      </Typography>
      <Card sx={{ p: 3 }}>
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          {(isLoading || (isUninitialized && token.length >= 20)) && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} aria-busy>
              <CircularProgress size={20} />
              <Typography>{t('confirm.working')}</Typography>
            </Stack>
          )}
          {token.length < 20 && <Alert severity="error">{t('confirm.noToken')}</Alert>}
          {error && (
            <Alert severity="error">
              {(error as { code?: string }).code === 'INVALID_CODE'
                ? t('confirm.invalid')
                : areaErrorText(t, 'account', error)}
            </Alert>
          )}
          {data && <Alert severity="success">{t('confirm.done', { email: data.email })}</Alert>}
          <Button component={RouterLink} to={`${paths.dashboard.user.account}?tab=email`}>
            {t('confirm.back')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
