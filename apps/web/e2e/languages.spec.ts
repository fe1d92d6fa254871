import { expect, test } from './fixtures.ts';
import { expectSettingCookie, mainMenu, openDashboard, tokenFor } from './shell-session.ts';
import { openWithToken } from './fixtures.ts';

// Five languages (src/locales/languages.ts); Arabic reads right to left; `?lng=` picks one.

// A busy machine renders slowly; each test does several page loads.
test.describe.configure({ timeout: 90_000 });

test.use({ viewport: { width: 1440, height: 900 } });

test('?lng=fr shows French, on the sign-in page and in the dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/auth/login?lng=fr');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Se connecter à Beacon' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await openWithToken(page, await tokenFor(request), '/dashboard/app?lng=fr');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Accueil', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Paramètres', exact: true })).toBeVisible();
});

test('?lng=ar sets dir="rtl"; choosing English sets "ltr" again', async ({
  page,
  request,
  context,
}) => {
  await openWithToken(page, await tokenFor(request), '/dashboard/app?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const menu = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  await expect(menu).toBeVisible();
  await expect.poll(async () => (await menu.boundingBox())?.x ?? 0).toBeGreaterThan(1100);
  await expectSettingCookie(context, 'themeDirection', 'rtl');

  await page.getByRole('button', { name: /^اللغة/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(mainMenu(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect.poll(async () => (await mainMenu(page).boundingBox())?.x ?? -1).toBe(0);
  await expectSettingCookie(context, 'themeDirection', 'ltr');
});

test('choosing Arabic in the header switches to right-to-left, and a reload keeps it', async ({
  page,
  request,
}) => {
  await openDashboard(page, request);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeVisible();

  // Loading with Arabic saved (local storage i18nextLng) is right-to-left.
  expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('ar');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('each language names the menu in its own words', async ({ page, request }) => {
  const expected: Record<string, { menu: string; home: string; lang: string }> = {
    en: { menu: 'Main menu', home: 'Home', lang: 'en' },
    fr: { menu: 'Menu principal', home: 'Accueil', lang: 'fr' },
    vi: { menu: 'Menu chính', home: 'Trang chủ', lang: 'vi' },
    cn: { menu: '主菜单', home: '首页', lang: 'zh-Hans' },
    ar: { menu: 'القائمة الرئيسية', home: 'الرئيسية', lang: 'ar' },
  };
  await openDashboard(page, request);
  for (const [code, words] of Object.entries(expected)) {
    await page.goto(`/dashboard/app?lng=${code}`);
    const menu = page.getByRole('navigation', { name: words.menu });
    await expect(menu.getByRole('link', { name: words.home, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', words.lang);
  }
});
