import { openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The dashboard home in each layout, and the sign-in page, at 1440 and 390 px, light and dark,
 * left to right (English) and right to left (Arabic); the settings drawer open.
 */
test('the dashboard in each layout, and the sign-in page', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  for (const layout of ['vertical', 'horizontal', 'mini']) {
    for (const width of WIDTHS) {
      for (const mode of MODES) {
        for (const lng of LANGUAGES) {
          await display(page, baseURL, { width, mode, lng, layout });
          await openWithToken(page, token, `/dashboard/app?lng=${lng}`);
          await settled(page);
          await page.screenshot({
            path: `${directory}/dashboard-${layout}-${width}-${mode}-${lng}.png`,
          });
        }
      }
    }
  }

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      await display(page, baseURL, { width, mode, lng: 'en', layout: 'vertical' });
      await openWithToken(page, token, '/dashboard/app?lng=en');
      await settled(page);
      await page.getByRole('button', { name: 'Settings' }).first().click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${directory}/settings-${width}-${mode}-en.png` });
    }
  }

  await page.evaluate(() => window.localStorage.removeItem('accessToken'));
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        await display(page, baseURL, { width, mode, lng });
        await page.goto(`/auth/login?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: `${directory}/sign-in-${width}-${mode}-${lng}.png` });
      }
    }
  }
});
