import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/** The admin panel and the contributor panel of the demo admin, full page. */
test('the two panels', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  for (const [name, path] of [
    ['admin-panel', '/dashboard/admin-panel'],
    ['contributor-panel', '/dashboard/contributor-panel'],
  ] as const) {
    for (const width of WIDTHS) {
      for (const mode of MODES) {
        for (const lng of LANGUAGES) {
          await display(page, baseURL, { width, mode, lng });
          await openWithToken(page, token, `${path}?lng=${lng}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
          await settled(page);
          await page.screenshot({
            path: `${directory}/${name}-${width}-${mode}-${lng}.png`,
            fullPage: true,
          });
        }
      }
    }
  }
});
