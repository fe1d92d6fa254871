import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_EMAIL, expect, openWithToken, test } from './fixtures.ts';
import { tokenFor } from './shell-session.ts';

// The sign-in and landing pages come drawn in their HTML (docs/decisions/034): the content is
// there before any script runs, the app hydrates it (keeps its nodes), and a visitor whose
// language or settings differ gets the page drawn from scratch, never the English one.

/** Notes the page's first heading as the HTML parser left it, before any script ran. */
async function markFirstHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstHeading?: Element | null }).firstHeading =
        document.querySelector('#root h1');
    });
  });
}

const firstHeadingKept = (page: Page) =>
  page.evaluate(() => {
    const first = (window as unknown as { firstHeading?: Element | null }).firstHeading;
    return Boolean(first?.isConnected && first === document.querySelector('#root h1'));
  });

test('the sign-in page is in its HTML and is hydrated, not drawn again; its form works', async ({
  page,
  request,
}) => {
  const html = await (
    await request.get('/auth/login', { headers: { accept: 'text/html' } })
  ).text();
  expect(html).toContain('data-prerendered="/auth/login"');
  expect(html).toContain('Sign in to Beacon</h1>');
  // The demo box, with the server's demo account filled in.
  expect(html).toContain(`<dd>${DEMO_EMAIL}</dd>`);
  expect(html).not.toContain('prerender.invalid');

  await markFirstHeading(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Beacon' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Use demo account' });
  // Hydrated: the button fills the form (it does nothing before the app runs).
  await expect(async () => {
    await button.click();
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(DEMO_EMAIL, {
      timeout: 500,
    });
  }).toPass();
  expect(await firstHeadingKept(page)).toBe(true);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/app$/);
});

test('the landing page is in its HTML with its styles, and is hydrated', async ({ page }) => {
  await page.route('**/assets/index-*.js', (route) => route.abort());
  await page.goto('/');
  // No script ran (the entry was refused): the drawn page shows, styled.
  const heading = page.getByRole('heading', {
    level: 1,
    name: 'Your pipeline, on your own server',
  });
  await expect(heading).toBeVisible();
  const size = await heading.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(size).toBeGreaterThan(30);
  await page.unroute('**/assets/index-*.js');

  await markFirstHeading(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in to your workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('menuitem', { name: 'Français' })).toBeVisible();
  expect(await firstHeadingKept(page)).toBe(true);
});

test('a visitor in another language or with other settings gets the page drawn for them', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('i18nextLng', 'ar');
    document.cookie = 'themeMode=dark; path=/';
  });
  await page.goto('/auth/login');
  await expect(
    page.getByRole('heading', { level: 1, name: 'سجّل الدخول إلى Beacon' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
  // The English page was never shown.
  await expect(page.getByText('Sign in to Beacon')).toHaveCount(0);

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'مسار مبيعاتك، على خادمك الخاص' }),
  ).toBeVisible();
  // Drawn dark: none of the default (light) theme's styles drawn with the page were kept.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const [r = 255, g = 255, b = 255] = (
          getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []
        ).map(Number);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      }),
    )
    .toBeLessThan(128);
});

// The signed-in pages' frame (docs/decisions/056): at phone width, for the member remembered
// beside the token, the HTML holds the shell, the page's heading and its skeleton with the
// member's names filled in before the first paint; the app replaces it once it has started.
const FRAMED: { path: string; heading: string | RegExp; text?: string }[] = [
  { path: '/dashboard/app', heading: /^Welcome/, text: 'Here is your place in Northwind Sales.' },
  { path: '/dashboard/people', heading: 'People' },
  { path: '/dashboard/calendar', heading: 'Calendar' },
  { path: '/dashboard/kanban', heading: 'Kanban' },
];

/** The text of the page's `<h1>`, and whether a marker is left in the page. */
const frameText = (page: Page) =>
  page.evaluate(() => ({
    heading: document.querySelector('#root main h1')?.textContent ?? null,
    markers: /\uE000/.test(document.getElementById('root')?.innerHTML ?? ''),
  }));

/**
 * Signs in with a stored token and opens the dashboard home: without a remembered member it is
 * drawn from scratch, and opening the app remembers them.
 */
async function openAndRemember(page: Page, request: APIRequestContext) {
  await openWithToken(page, await tokenFor(request), '/dashboard/app');
  await expect(page.locator('html')).toHaveAttribute('data-fresh', '');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('beacon.member')))
    .not.toBe(null);
}

test.describe('a signed-in page at phone width', () => {
  test.use({ viewport: { width: 412, height: 823 } });
  // Each test opens five to nine pages cold: more than the default time on a busy machine.
  test.slow();

  test('paints its frame from the HTML, filled in for the member, and the app takes its place', async ({
    page,
    request,
  }) => {
    await openAndRemember(page, request);

    for (const { path, heading, text } of FRAMED) {
      // No script but the HTML's own: the entry is refused.
      await page.route('**/assets/index-*.js', (route) => route.abort());
      await page.goto(path);
      const h1 = page.getByRole('main').getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      await expect(page.locator('html')).not.toHaveAttribute('data-fresh', '');
      const drawn = await frameText(page);
      expect(drawn.markers, `${path}: markers left in the page`).toBe(false);
      // Drawn with its styles (each page's own, not only those of the page drawn before it).
      await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
      // The avatar shows the demo member's initials (Ava Martin).
      await expect(page.getByRole('banner').getByText('AM', { exact: true })).toBeVisible();
      if (text) await expect(page.getByText(text)).toBeVisible();
      await page.unroute('**/assets/index-*.js');

      await page.goto(path);
      await expect(page.locator('#root')).not.toHaveAttribute('data-frame', '');
      await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
      await expect(h1).toBeVisible();
      // The same page: the heading the HTML painted is the app's.
      expect((await frameText(page)).heading, path).toBe(drawn.heading);
    }
    // The app works: the menu opens.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  test('is drawn from scratch for another member, a viewer, or a wider screen', async ({
    page,
    request,
  }) => {
    await openAndRemember(page, request);

    // The remembered member is someone else than the token's.
    await page.evaluate(() => {
      const member = JSON.parse(localStorage.getItem('beacon.member') ?? '{}') as { id: string };
      localStorage.setItem('beacon.member', JSON.stringify({ ...member, id: 'someone-else' }));
    });
    await page.goto('/dashboard/kanban');
    await expect(page.locator('html')).toHaveAttribute('data-fresh', '');
    await expect(page.getByRole('heading', { level: 1, name: 'Kanban' })).toBeVisible();

    // A viewer's page differs (no editing): drawn from scratch too.
    await page.evaluate(() => {
      const member = JSON.parse(localStorage.getItem('beacon.member') ?? '{}') as object;
      localStorage.setItem('beacon.member', JSON.stringify({ ...member, role: 'viewer' }));
    });
    await page.goto('/dashboard/kanban');
    await expect(page.locator('html')).toHaveAttribute('data-fresh', '');

    // The app remembered the right member again; a desktop-wide screen is drawn from scratch.
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('beacon.member') ?? '{}').role),
      )
      .toBe('admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/kanban');
    await expect(page.locator('html')).toHaveAttribute('data-fresh', '');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    // Signing out forgets the member.
    await page.evaluate(() => localStorage.removeItem('accessToken'));
    await page.goto('/dashboard/kanban');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('beacon.member'))).toBe(null);
  });
});
