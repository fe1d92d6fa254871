/**
 * What a screen draws after its first paint (docs/decisions/049-first-paint-of-signed-in-pages.md).
 *
 * A signed-in page's heading, description and the skeleton of its body are light; what fills the
 * body (the board with its drag and drop, the calendar grid, the table with the contract's schemas
 * and zod) is most of the page's JavaScript. Loaded with the page, it delays the first paint of
 * everything by its download and its evaluation; loaded once the page has painted, the person
 * reads the page's heading and sees its skeleton while it comes. `AfterPaint` draws `fallback`,
 * then, once the browser has painted it, its children (usually a `React.lazy` component, whose
 * chunk is asked for only then).
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Calls `callback` once the browser has painted the current frame: a `requestAnimationFrame`
 * callback runs before the paint, a task queued from it runs after. Returns the cancel.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False on the first render and until the browser has painted it, then true. */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}

/**
 * `fallback` (the body's skeleton, of the body's size), then `children` once the first paint is
 * done, with `fallback` again while they load.
 */
export function AfterPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const painted = useAfterPaint();
  if (!painted) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
