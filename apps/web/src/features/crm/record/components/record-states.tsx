import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchIcon } from '../../../../components/icons.tsx';
import { PageTitle } from '../../../../components/page-title.tsx';
import { callErrorText, type CallError } from '../utils/call-error.ts';

/** The shape of a record page while it loads. */
export function RecordPageSkeleton() {
  const { t } = useTranslation('records');
  return (
    <Stack spacing={3} role="status" aria-label={t('states.loading')}>
      <Card sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Skeleton variant="circular" width={64} height={64} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" height={36} />
          <Skeleton width="25%" />
          <Skeleton width="55%" />
        </Box>
      </Card>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
        <Card sx={{ p: 3 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 2 }} />
          ))}
        </Card>
        <Card sx={{ p: 3 }}>
          <Skeleton variant="rounded" height={120} sx={{ mb: 3 }} />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Card>
      </Box>
    </Stack>
  );
}

/** A failed fetch of the whole page, with a way to try again. */
export function LoadError({ error, onRetry }: { error: CallError; onRetry: () => void }) {
  const { t } = useTranslation('records');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      }
    >
      <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
        {t('states.loadFailed')}
      </Typography>
      {callErrorText(t, error)}
    </Alert>
  );
}

/** A record that does not exist (404): said plainly, with the way back to its table. */
export function RecordNotFound({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Card
      sx={{
        p: { xs: 4, md: 8 },
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <SearchIcon sx={{ fontSize: 36 }} />
      </Box>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>{text}</Typography>
      <Button component={RouterLink} to={backTo} variant="contained">
        {backLabel}
      </Button>
    </Card>
  );
}

/**
 * A record page before its record is shown: "not found" for a 404 (titled, with the way back),
 * the error with a retry for any other failure, the skeleton (`loading`) while it loads.
 */
export function RecordPageFallback({
  error,
  onRetry,
  notFoundTitle,
  notFoundText,
  backTo,
  backLabel,
  loading = <RecordPageSkeleton />,
}: {
  error: CallError | null;
  onRetry: () => void;
  notFoundTitle: string;
  notFoundText: string;
  backTo: string;
  backLabel: string;
  /** What stands while it loads; the shape of a person or company page when not given. */
  loading?: ReactNode;
}) {
  if (error?.status === 404) {
    return (
      <>
        <PageTitle title={notFoundTitle} />
        <RecordNotFound
          title={notFoundTitle}
          text={notFoundText}
          backTo={backTo}
          backLabel={backLabel}
        />
      </>
    );
  }
  if (error) return <LoadError error={error} onRetry={onRetry} />;
  return loading;
}

/** A failed call said in words (`children`), with a button that tries it again. */
export function RetryAlert({
  severity = 'error',
  sx,
  onRetry,
  children,
}: {
  severity?: 'error' | 'warning';
  sx?: SxProps<Theme>;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('records');
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** A quiet line saying there is nothing here yet. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Typography
      sx={{
        color: 'text.secondary',
        py: 3,
        px: 2,
        textAlign: 'center',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {children}
    </Typography>
  );
}
