import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotificationPreference } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import {
  useNotificationChoicesQuery,
  useSetNotificationChoicesMutation,
} from '../api/account-api.ts';

/** Notifications: for each kind of event, whether it notifies in the app and by e-mail. */
export function NotificationsTab() {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const { data, isLoading, error, refetch } = useNotificationChoicesQuery();
  const [save, saving] = useSetNotificationChoicesMutation();
  const [items, setItems] = useState<NotificationPreference[] | null>(null);
  useEffect(() => {
    if (data) setItems(data.items);
  }, [data]);
  const changed = JSON.stringify(items) !== JSON.stringify(data?.items ?? null);

  const toggle = (kind: string, channel: 'inApp' | 'email') =>
    setItems((current) =>
      (current ?? []).map((item) =>
        item.kind === kind ? { ...item, [channel]: !item[channel] } : item,
      ),
    );

  const onSave = async () => {
    if (!items) return;
    try {
      await save({ items }).unwrap();
      enqueueSnackbar(t('notifications.saved'));
    } catch (failure) {
      enqueueSnackbar(areaErrorText(t, 'account', failure), { variant: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby="notifications-title" sx={{ p: 3 }}>
      <Typography id="notifications-title" component="h2" variant="h6">
        {t('notifications.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('notifications.hint')}
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={96} aria-busy />}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {areaErrorText(t, 'account', error)}
        </Alert>
      )}
      {items && items.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('notifications.empty')}</Typography>
      )}
      {items && items.length > 0 && (
        <>
          <Table size="small" sx={{ mb: 3 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.event')}</TableCell>
                <TableCell align="center">{t('notifications.inApp')}</TableCell>
                <TableCell align="center">{t('notifications.email')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => {
                const label = t(`notifications.kinds.${item.kind}`);
                return (
                  <TableRow key={item.kind}>
                    <TableCell component="th" scope="row">
                      <Typography variant="subtitle2">{label}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t(`notifications.kindHints.${item.kind}`)}
                      </Typography>
                    </TableCell>
                    <TableCell align="center">
                      <Switch
                        checked={item.inApp}
                        onChange={() => toggle(item.kind, 'inApp')}
                        slotProps={{
                          input: { 'aria-label': `${label}: ${t('notifications.inApp')}` },
                        }}
                      />
                    </TableCell>
                    <TableCell align="center">
                      <Switch
                        checked={item.email}
                        onChange={() => toggle(item.kind, 'email')}
                        slotProps={{
                          input: { 'aria-label': `${label}: ${t('notifications.email')}` },
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              disabled={!changed}
              loading={saving.isLoading}
              onClick={() => void onSave()}
            >
              {t('actions.save')}
            </Button>
          </Stack>
        </>
      )}
    </Card>
  );
}
