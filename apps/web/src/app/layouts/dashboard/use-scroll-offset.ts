import { useEffect, useState } from 'react';

/** Whether the page has scrolled further down than `threshold` px. */
export function useScrollOffset(threshold: number): boolean {
  const [offset, setOffset] = useState(() =>
    typeof window === 'undefined' ? false : window.scrollY > threshold,
  );
  useEffect(() => {
    const onScroll = () => setOffset(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return offset;
}
