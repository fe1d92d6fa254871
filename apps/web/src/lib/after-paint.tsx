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
 * A hidden tab paints no frames (and runs no `requestAnimationFrame` callbacks): what waits for a
 * paint there goes ahead after this long instead.
 */
export const HIDDEN_TAB_WAIT_MS = 1000;

/**
 * Calls `callback` once the browser has painted the current frame: a `requestAnimationFrame`
 * callback runs before the paint, a task queued from it runs after. Returns the cancel.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const cancel = () => {
    done = true;
    clearTimeout(timer);
    clearTimeout(fallback);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  const run = () => {
    if (done) return;
    cancel();
    callback();
  };
  const fallback = setTimeout(run, HIDDEN_TAB_WAIT_MS);
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(run, 0);
    });
  } else {
    timer = setTimeout(run, 0);
  }
  return cancel;
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
