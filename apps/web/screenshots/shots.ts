import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { issueToken } from '../e2e/fixtures.ts';

/** Where the PNGs go; scripts/e2e.mjs sets it. */
export function shotsDirectory(): string {
  const directory = process.env.SCREENSHOTS_DIR;
  if (!directory) throw new Error('SCREENSHOTS_DIR is not set: run npm run screenshots');
  return directory;
}

export const WIDTHS = [1440, 390] as const;
export const MODES = ['light', 'dark'] as const;
/** English draws left to right, Arabic right to left. */
export const LANGUAGES = ['en', 'ar'] as const;

export type Mode = (typeof MODES)[number];
export type Language = (typeof LANGUAGES)[number];

/** Sets the viewport and the display cookies for the next page load. */
export async function display(
  page: Page,
  baseURL: string | undefined,
  { width, mode, lng, layout }: { width: number; mode: Mode; lng: Language; layout?: string },
) {
  await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
  const cookies: { name: string; value: string; url: string | undefined }[] = [
    { name: 'themeMode', value: mode, url: baseURL },
    { name: 'i18next', value: lng, url: baseURL },
  ];
  if (layout) cookies.push({ name: 'themeLayout', value: layout, url: baseURL });
  await page.context().addCookies(cookies);
}

/**
 * Waits until the page has drawn its heading and its requests are done; unless the page is one of
 * the error pages, a page that failed (the 500 page) fails the run.
 */
export async function settled(page: Page, { errorPage = false } = {}) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (!errorPage) {
    await expect(
      page.getByRole('heading', { name: /^500$|Something went wrong|حدث خطأ ما/ }),
    ).toHaveCount(0);
  }
  await page.waitForLoadState('networkidle');
  // Transitions (drawers, fades) end.
  await page.waitForTimeout(400);
}

/** The demo admin's token. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  return issueToken(request, 'demo@beacon.local', process.env.DEMO_PASSWORD || 'beacon-demo');
}
