import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The demo admin's account page: each tab (General, Security, Notifications, E-mail), at 1440 and
 * 390 px, light and dark, English and Arabic.
 */
test('the account page, each tab', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = `${width}-${mode}-${lng}`;
        await display(page, baseURL, { width, mode, lng });
        for (const tab of ['general', 'security', 'notifications', 'email']) {
          await openWithToken(page, token, `/dashboard/user/account?tab=${tab}&lng=${lng}`);
          await expect(page.getByRole('tabpanel').locator('form, section').first()).toBeVisible();
          await settled(page);
          await page.screenshot({
            path: `${directory}/account-${tab}-${name}.png`,
            fullPage: true,
          });
        }
      }
    }
  }
});
