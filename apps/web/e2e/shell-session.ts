import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD, expect, issueToken, openWithToken } from './fixtures.ts';

/** A contributor of the demo workspace (same password as the demo admin). */
export const CONTRIBUTOR_EMAIL = 'leo.dubois@beacon.local';

// One token per account and worker: `/token` is rate limited per address.
const tokens = new Map<string, Promise<string>>();

export function tokenFor(request: APIRequestContext, email: string = DEMO_EMAIL): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = issueToken(request, email, DEMO_PASSWORD);
    tokens.set(email, token);
    token.catch(() => tokens.delete(email));
  }
  return token;
}

/** Signs in (a stored token) and opens a dashboard page; waits for its heading. */
export async function openDashboard(
  page: Page,
  request: APIRequestContext,
  { path = '/dashboard/app', email = DEMO_EMAIL }: { path?: string; email?: string } = {},
) {
  await openWithToken(page, await tokenFor(request, email), path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

/** The main menu, in whichever layout the page shows it. */
export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/**
 * The menu by its markup: found even while a drawer is open (a modal drawer hides the rest of
 * the page from the accessibility tree, and so from `getByRole`).
 */
export function menuElement(page: Page) {
  return page.locator('nav[data-nav-layout]');
}

/** Opens the settings drawer with the floating button. */
export async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeVisible();
  return drawer;
}

const THREE_DAYS_S = 3 * 24 * 60 * 60;

/** A display-settings cookie: its value, on path `/`, expiring in 3 days. */
export async function expectSettingCookie(context: BrowserContext, name: string, value: string) {
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === name)?.value)
    .toBe(value);
  const cookie = (await context.cookies()).find((c) => c.name === name);
  expect(cookie?.path).toBe('/');
  const inThreeDays = Date.now() / 1000 + THREE_DAYS_S;
  expect(cookie?.expires ?? 0).toBeGreaterThan(inThreeDays - 300);
  expect(cookie?.expires ?? 0).toBeLessThan(inThreeDays + 300);
}

export const SETTING_COOKIES = [
  'themeMode',
  'themeDirection',
  'themeLayout',
  'themeContrast',
  'themeStretch',
  'themeColorPresets',
] as const;

export async function settingCookies(context: BrowserContext) {
  return (await context.cookies())
    .filter((cookie) => (SETTING_COOKIES as readonly string[]).includes(cookie.name))
    .map((cookie) => cookie.name);
}

/** The page's background colour (the theme's `background.default`). */
export function bodyBackground(page: Page) {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}
