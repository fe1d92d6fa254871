import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { RecordActivity, type RecordActivityProps } from './record-activity.tsx';

export interface RecordColumnsProps<D> extends RecordActivityProps<D> {
  /** The cards beside the activity (below it on a narrow screen). */
  side: ReactNode;
}

/**
 * The body of a record page: a note for readers, then the side cards and the activity in two
 * columns (one on a narrow screen, the activity first).
 */
export function RecordColumns<D>({ side, ...activity }: RecordColumnsProps<D>) {
  const { t } = useTranslation('records');
  return (
    <>
      {!activity.canEdit && <Alert severity="info">{t('hints.readOnly')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ order: { xs: 2, md: 1 } }}>
          {side}
        </Stack>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <RecordActivity {...activity} />
        </Box>
      </Box>
    </>
  );
}
