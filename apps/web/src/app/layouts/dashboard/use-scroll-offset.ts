import { useEffect, useState } from 'react';

/** Whether the page has scrolled further down than `threshold` px. */
export function useScrollOffset(threshold: number): boolean {
  const [offset, setOffset] = useState(() =>
    typeof window === 'undefined' ? false : window.scrollY > threshold,
  );
  useEffect(() => {
    const onScroll = () => setOffset(window.scrollY > threshold);
    // The position may have changed since the first render (a restored scroll): it is read again
    // in the next frame, not here. Reading `scrollY` in the effect forced the browser to lay out
    // the page the effect's render had just built, before its first paint (about 150 ms of a
    // loaded machine's main thread on the calendar; docs/decisions/049).
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return offset;
}
