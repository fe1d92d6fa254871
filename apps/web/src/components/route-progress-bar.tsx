import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { PROGRESS_BAR_DELAY_MS } from '../theme/constants.ts';

type Phase = 'idle' | 'waiting' | 'loading' | 'finishing';

/** How long the full bar stays before it fades away, in ms. */
const FINISH_MS = 400;

const grow = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(0.92); }
`;

/**
 * The slim bar at the top of the page while a route loads (its code or its data). It appears
 * only when the load takes longer than 300 ms, and fills and fades when the load ends, whether it
 * succeeded or failed (the router is idle again in both cases).
 */
export function RouteProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');

  // Follow the router: waiting -> loading after the delay; loading -> finishing when it ends.
  if (busy && (phase === 'idle' || phase === 'finishing')) setPhase('waiting');
  if (!busy && phase === 'waiting') setPhase('idle');
  if (!busy && phase === 'loading') setPhase('finishing');

  useEffect(() => {
    if (phase === 'waiting') {
      const timer = setTimeout(() => setPhase('loading'), PROGRESS_BAR_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'finishing') {
      const timer = setTimeout(() => setPhase('idle'), FINISH_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase]);

  if (phase !== 'loading' && phase !== 'finishing') return null;
  return <ProgressLine finishing={phase === 'finishing'} />;
}

function ProgressLine({ finishing }: { finishing: boolean }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box
      role="progressbar"
      aria-label={t('pageLoading')}
      aria-busy={!finishing}
      data-route-progress={finishing ? 'done' : 'loading'}
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: theme.zIndex.tooltip + 1,
        pointerEvents: 'none',
      })}
    >
      <Box
        sx={(theme) => ({
          height: '100%',
          bgcolor: 'primary.main',
          boxShadow: `0 0 10px ${theme.palette.primary.main}, 0 0 4px ${theme.palette.primary.main}`,
          transformOrigin: 'left center',
          ...(finishing
            ? {
                transform: 'scaleX(1)',
                opacity: 0,
                transition: `transform 200ms ease-out, opacity 200ms ease-in ${FINISH_MS - 200}ms`,
              }
            : { animation: `${grow} 8s cubic-bezier(0.08, 0.8, 0.2, 1) forwards` }),
        })}
      />
    </Box>
  );
}
