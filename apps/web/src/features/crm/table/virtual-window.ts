/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
export const OVERSCAN = 8;
/** The most rows ever in the page, whatever the screen height (issue 5: at most 100). */
export const MAX_RENDERED_ROWS = 90;

/**
 * The rows to draw for a scroll position: the visible ones plus the overscan, never more than
 * `MAX_RENDERED_ROWS`. `end` is exclusive.
 */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
): { start: number; end: number } {
  if (rowCount <= 0) return { start: 0, end: 0 };
  const first = Math.max(0, Math.floor(Math.max(0, scrollTop) / rowHeight) - OVERSCAN);
  const last =
    Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight) + OVERSCAN;
  const end = Math.min(rowCount, last, first + MAX_RENDERED_ROWS);
  return { start: Math.min(first, end), end };
}
