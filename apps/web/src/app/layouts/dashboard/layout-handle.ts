/*
 * Route handles the dashboard layout reads (react-router `handle`, found with `useMatches`).
 * This file imports nothing, so that the route table can name these types without a cycle.
 */

/** On the layout's own route: what the layout needs to know about the route table. */
export interface DashboardLayoutHandle {
  /** Whether the app has a screen at a path: the menu shows only those. */
  hasScreen: (path: string) => boolean;
}

/** On a page's route: how the page wants the layout around it. */
export interface PageLayoutHandle {
  pageLayout: {
    /** Use the whole width of the content area, whatever the Stretch setting (a board). */
    fullWidth?: boolean;
  };
}

export function isDashboardLayoutHandle(handle: unknown): handle is DashboardLayoutHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as DashboardLayoutHandle).hasScreen === 'function'
  );
}

export function isPageLayoutHandle(handle: unknown): handle is PageLayoutHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as PageLayoutHandle).pageLayout === 'object'
  );
}
