import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/** The demo admin's home (tasks, meetings, week, pipeline, closing, activity), full page. */
test('the home page', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/app?lng=${lng}`);
        await expect(page.getByTestId('home-card-pipeline').locator('svg').first()).toBeVisible();
        await settled(page);
        await page.screenshot({
          path: `${directory}/home-${width}-${mode}-${lng}.png`,
          fullPage: true,
        });
      }
    }
  }
});

/** The home page while its calls have not answered: every card's skeleton in its reserved space. */
test('the home page loading', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  await page.route('**/api/home/**', () => new Promise<void>(() => {}));
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/app?lng=${lng}`);
        await expect(page.getByTestId('home-card-tasks').getByRole('status').first()).toBeVisible();
        await page.screenshot({
          path: `${directory}/home-loading-${width}-${mode}-${lng}.png`,
          fullPage: true,
        });
      }
    }
  }
});
