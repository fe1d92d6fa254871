import { expect, test } from './fixtures.ts';
import {
  bodyBackground,
  expectSettingCookie,
  mainMenu,
  menuElement,
  openDashboard,
  openSettings,
  settingCookies,
} from './shell-session.ts';

// The display settings (src/features/settings/): each changes what the page shows, is saved at
// once in its own cookie (3 days, path /), survives a reload, and reset undoes it all.

// A busy machine renders slowly; each test does several page loads.
test.describe.configure({ timeout: 90_000 });

test.use({ viewport: { width: 1440, height: 900 } });

test('the floating button opens the drawer and hides while it is open', async ({
  page,
  request,
}) => {
  await openDashboard(page, request);
  const button = page.getByRole('button', { name: 'Settings', exact: true });
  await expect(button).toBeVisible();
  const drawer = await openSettings(page);
  await expect(button).toBeHidden();
  await expect(drawer.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(button).toBeVisible();
});

test('mode: dark darkens the page, is saved, and survives a reload', async ({
  page,
  request,
  context,
}) => {
  await openDashboard(page, request);
  expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Dark' }).click();
  await expect(drawer.getByRole('button', { name: 'Dark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => bodyBackground(page)).toBe('rgb(20, 26, 33)');
  await expectSettingCookie(context, 'themeMode', 'dark');

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe('rgb(20, 26, 33)');
});

test('contrast: bold sets the page off from its cards, is saved, and survives a reload', async ({
  page,
  request,
  context,
}) => {
  await openDashboard(page, request);
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Bold' }).click();
  await expect.poll(() => bodyBackground(page)).toBe('rgb(244, 246, 248)');
  await expectSettingCookie(context, 'themeContrast', 'bold');

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe('rgb(244, 246, 248)');
});

test('direction: right-to-left mirrors the page, is saved, and survives a reload', async ({
  page,
  request,
  context,
}) => {
  await openDashboard(page, request);
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Right to left' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectSettingCookie(context, 'themeDirection', 'rtl');
  await drawer.getByRole('button', { name: 'Close' }).click();
  // The menu moved to the right-hand side.
  await expect.poll(async () => (await mainMenu(page).boundingBox())?.x ?? 0).toBeGreaterThan(1100);

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await mainMenu(page).boundingBox())?.x ?? 0).toBeGreaterThan(1100);
});

test('layout: mini (88 px), horizontal and vertical (280 px), each saved', async ({
  page,
  request,
  context,
}) => {
  await openDashboard(page, request);
  await expect(mainMenu(page)).toHaveAttribute('data-nav-layout', 'vertical');
  await expect.poll(async () => (await mainMenu(page).boundingBox())?.width).toBe(280);

  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Mini' }).click();
  await expectSettingCookie(context, 'themeLayout', 'mini');
  await expect(menuElement(page)).toHaveAttribute('data-nav-layout', 'mini');
  await expect.poll(async () => (await menuElement(page).boundingBox())?.width).toBe(88);

  await drawer.getByRole('button', { name: 'Horizontal' }).click();
  await expectSettingCookie(context, 'themeLayout', 'horizontal');
  await expect(menuElement(page)).toHaveAttribute('data-nav-layout', 'horizontal');

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mainMenu(page)).toHaveAttribute('data-nav-layout', 'horizontal');
  const box = await mainMenu(page).boundingBox();
  expect(box?.width).toBe(1440);
});

test('presets: a colour preset recolours the primary colour, is saved, and survives a reload', async ({
  page,
  request,
  context,
}) => {
  await openDashboard(page, request);
  const home = mainMenu(page).getByRole('link', { name: 'Home', exact: true });
  await expect(home).toHaveAttribute('aria-current', 'page');
  await expect(home).toHaveCSS('color', 'rgb(0, 120, 103)');

  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Purple' }).click();
  await expect(drawer.getByRole('button', { name: 'Purple' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectSettingCookie(context, 'themeColorPresets', 'purple');
  await expect(menuElement(page).locator('a[aria-current="page"]')).toHaveCSS(
    'color',
    'rgb(91, 47, 192)',
  );

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Home', exact: true })).toHaveCSS(
    'color',
    'rgb(91, 47, 192)',
  );
});

test('stretch: not offered at 1280 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDashboard(page, request);
  const drawer = await openSettings(page);
  await expect(drawer.getByRole('button', { name: 'Dark' })).toBeVisible();
  await expect(drawer.getByRole('group', { name: 'Stretch' })).toHaveCount(0);
});

test('stretch: offered at 1920 px with its tooltip; it widens the page and is saved', async ({
  page,
  request,
  context,
}) => {
  await page.setViewportSize({ width: 1920, height: 1000 });
  await openDashboard(page, request);
  const content = page.locator('main > .MuiContainer-root');
  expect((await content.boundingBox())?.width).toBe(1200);

  const drawer = await openSettings(page);
  const stretch = drawer.getByRole('group', { name: 'Stretch' });
  await expect(stretch).toBeVisible();
  await stretch
    .getByRole('button', { name: 'Only available at large resolutions > 1600px (xl)' })
    .hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Only available at large resolutions > 1600px (xl)',
  );
  await stretch.getByRole('button', { name: 'Centred' }).click();
  await expect(stretch.getByRole('button', { name: 'Full width' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectSettingCookie(context, 'themeStretch', 'true');
  await expect.poll(async () => (await content.boundingBox())?.width).toBe(1920 - 280);

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await content.boundingBox())?.width).toBe(1920 - 280);
});

test('reset: a dot while anything differs; reset restores the defaults and deletes the cookies', async ({
  page,
  request,
  context,
}) => {
  await openDashboard(page, request);
  const drawer = await openSettings(page);
  const dot = drawer.getByTestId('settings-reset-dot').locator('.MuiBadge-badge');
  await expect(dot).toBeHidden();

  await drawer.getByRole('button', { name: 'Dark' }).click();
  await drawer.getByRole('button', { name: 'Bold' }).click();
  await drawer.getByRole('button', { name: 'Mini' }).click();
  await drawer.getByRole('button', { name: 'Orange' }).click();
  await expect(dot).toBeVisible();
  await expect.poll(() => settingCookies(context)).toHaveLength(4);

  await drawer.getByRole('button', { name: /^Reset/ }).click();
  await expect(dot).toBeHidden();
  await expect.poll(() => settingCookies(context)).toEqual([]);
  await expect.poll(() => bodyBackground(page)).toBe('rgb(255, 255, 255)');
  await expect(menuElement(page)).toHaveAttribute('data-nav-layout', 'vertical');
  await expect(drawer.getByRole('button', { name: 'Light' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Nothing comes back after a reload: the cookies are gone.
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');
  await expect(mainMenu(page)).toHaveAttribute('data-nav-layout', 'vertical');
});

test('fullscreen: the button enters full screen and its label becomes Exit Fullscreen', async ({
  page,
  request,
}) => {
  await openDashboard(page, request);
  const drawer = await openSettings(page);
  await drawer.getByRole('button', { name: 'Fullscreen', exact: true }).click();
  await expect(drawer.getByRole('button', { name: 'Exit Fullscreen' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await drawer.getByRole('button', { name: 'Exit Fullscreen' }).click();
  await expect(drawer.getByRole('button', { name: 'Fullscreen', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
});

test('the settings apply on the sign-in page too', async ({ page, context, baseURL }) => {
  await context.addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL },
    { name: 'themeDirection', value: 'rtl', url: baseURL },
  ]);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Beacon' })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).not.toBe('rgb(255, 255, 255)');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The drawer is the dashboard's: the sign-in page does not load it.
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toHaveCount(0);
});
