import type { Page } from '@playwright/test';
import { DEMO_EMAIL, expect, test } from './fixtures.ts';

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
