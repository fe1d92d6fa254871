import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TrafficConeIcon } from '../../../components/icons.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../utils/paths.ts';
import { publicApi } from '../api/public-api.ts';
import { accentTile } from '../utils/accent.ts';
import { formatDate } from '../utils/format.ts';

type Status = { state: 'idle' } | { state: 'checking' } | { state: 'up' | 'down'; at: Date };

/**
 * `/maintenance`: what is going on, that the data is safe, and a status check that asks this
 * server (`GET /ready`) whether it answers again.
 */
export function MaintenancePage() {
  const { t, i18n } = useTranslation('general');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  const check = async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus({ state: 'checking' });
    try {
      await publicApi.ready(AbortSignal.any([controller.signal, AbortSignal.timeout(8000)]));
      setStatus({ state: 'up', at: new Date() });
    } catch {
      if (!controller.signal.aborted) setStatus({ state: 'down', at: new Date() });
    }
  };

  const checkedAt =
    status.state === 'up' || status.state === 'down'
      ? formatDate(status.at, i18n.resolvedLanguage, { timeStyle: 'short' })
      : null;

  return (
    <Box sx={{ width: '100%', maxWidth: 600, textAlign: 'center' }}>
      <PageTitle title={t('maintenance.title')} />
      <Box
        aria-hidden="true"
        sx={(theme) => ({
          ...accentTile(theme),
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          '& svg': { fontSize: 36 },
        })}
      >
        <TrafficConeIcon />
      </Box>
      <Typography component="h1" variant="h3" sx={{ mb: 2 }}>
        {t('maintenance.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('maintenance.description')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('maintenance.dataSafe')}</Typography>

      <Box role="status" sx={{ mb: status.state === 'up' || status.state === 'down' ? 3 : 0 }}>
        {status.state === 'up' && (
          <Alert severity="success" sx={{ textAlign: 'start' }}>
            {t('maintenance.status.up', { time: checkedAt })}
          </Alert>
        )}
        {status.state === 'down' && (
          <Alert severity="warning" sx={{ textAlign: 'start' }}>
            {t('maintenance.status.down', { time: checkedAt })}
          </Alert>
        )}
      </Box>

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'center' }}
      >
        {status.state === 'up' ? (
          <Button component={RouterLink} to={paths.home} variant="contained" size="large">
            {t('maintenance.open')}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            onClick={() => void check()}
            loading={status.state === 'checking'}
            disabled={status.state === 'checking'}
          >
            {t('maintenance.check')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={paths.contactUs}
          variant="outlined"
          color="inherit"
          size="large"
        >
          {t('maintenance.contact')}
        </Button>
      </Stack>
    </Box>
  );
}

export { MaintenancePage as Component };
