/** The app's border radius, in px. */
export const BORDER_RADIUS = 8;

/** Header heights, in px (checked by theme.test.ts and e2e/shell.spec.ts). */
export const HEADER = {
  /** Every layout below the `lg` breakpoint. */
  H_MOBILE: 64,
  /** The public pages' header on desktop. */
  H_DESKTOP: 88,
  /** The dashboard header on desktop, at the top of the page. */
  H_DASHBOARD_DESKTOP: 92,
  /** The dashboard header on desktop once the page has scrolled past it. */
  H_DASHBOARD_DESKTOP_OFFSET: 60,
} as const;

/** Navigation widths and item heights, in px. */
export const NAV = {
  W_BASE: 260,
  W_DASHBOARD: 280,
  W_DASHBOARD_MINI: 88,
  H_DASHBOARD_ITEM: 48,
  H_DASHBOARD_ITEM_SUB: 36,
  H_DASHBOARD_ITEM_HORIZONTAL: 32,
} as const;

/** Navigation icon sizes, in px. */
export const ICON = {
  NAV_ITEM: 24,
  NAV_ITEM_HORIZONTAL: 22,
  NAV_ITEM_MINI: 22,
} as const;

/** The custom scrollbar's thumb is never shorter than this, in px. */
export const SCROLLBAR_MIN_THUMB_SIZE = 25;

/** The route progress bar shows only when a navigation takes longer than this, in ms. */
export const PROGRESS_BAR_DELAY_MS = 300;

/** Stretch is offered, and applies, only on screens wider than this (spec: "> 1600px (xl)"). */
export const STRETCH_MIN_WIDTH = 1600;

/** The media query of "wider than STRETCH_MIN_WIDTH". */
export const STRETCH_MEDIA_QUERY = `(min-width:${STRETCH_MIN_WIDTH + 1}px)`;
