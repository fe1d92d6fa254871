import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { realtime } from '../lib/realtime.ts';

const subscribe = (onChange: () => void) => realtime.onStatus(onChange);
const read = () => realtime.status;

/** "Live" while changes of other members arrive as they happen; "Reconnecting…" otherwise. */
export function LiveStatus() {
  const { t } = useTranslation('common');
  const live = useSyncExternalStore(subscribe, read, read) === 'open';
  return (
    <Box
      role="status"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        px: 1.25,
        py: 0.5,
        borderRadius: 4,
        typography: 'caption',
        fontWeight: 600,
        bgcolor: live ? 'success.lighter' : 'background.neutral',
        color: live ? 'success.darker' : 'text.secondary',
        whiteSpace: 'nowrap',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: live ? 'success.main' : 'text.disabled',
        }}
      />
      {live ? t('live.on') : t('live.off')}
    </Box>
  );
}
