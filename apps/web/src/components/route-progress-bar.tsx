import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { PROGRESS_BAR_DELAY_MS } from '../theme/constants.ts';

type Phase = 'idle' | 'waiting' | 'loading' | 'finishing';

/** How long the full bar stays before it fades away, in ms. */
const FINISH_MS = 400;

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
  // Drawn without MUI (theme/base.css): the root shows it on every page, the sign-in page too.
  return (
    <div
      className="bk-progress"
      role="progressbar"
      aria-label={t('pageLoading')}
      aria-busy={!finishing}
      data-route-progress={finishing ? 'done' : 'loading'}
    >
      <div />
    </div>
  );
}
