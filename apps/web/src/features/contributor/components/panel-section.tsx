import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { areaErrorText } from '../../../utils/area-error.ts';

export interface PanelSectionProps {
  id: string;
  title: string;
  hint: string;
  /** A button beside the title (add, merge). */
  action?: ReactNode;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Shown when loaded with nothing in it. */
  empty: string | null;
  /** Takes the whole width of the panel's grid (a table with many columns). */
  wide?: boolean;
  children: ReactNode;
}

/** A card of the panel with its loading (a skeleton of its size), error and empty states. */
export function PanelSection({
  id,
  title,
  hint,
  action,
  loading,
  error,
  onRetry,
  empty,
  wide = false,
  children,
}: PanelSectionProps) {
  const { t } = useTranslation('panels');
  const heading = `${id}-heading`;
  return (
    <Card component="section" aria-labelledby={heading} sx={wide ? { gridColumn: '1 / -1' } : {}}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ px: 3, pt: 3, pb: 2, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={heading} component="h2" variant="h6">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        </Box>
        {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
      </Stack>
      {error ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('retry')}
              </Button>
            }
          >
            {areaErrorText(t, 'panels', error)}
          </Alert>
        </Box>
      ) : loading ? (
        <Stack spacing={1} sx={{ px: 3, pb: 3 }} aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={36} />
          ))}
        </Stack>
      ) : empty ? (
        <Typography sx={{ px: 3, pb: 3, color: 'text.secondary' }}>{empty}</Typography>
      ) : (
        children
      )}
    </Card>
  );
}
