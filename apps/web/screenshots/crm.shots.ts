import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, shotsDirectory } from './shots.ts';

/**
 * The people and companies tables of the demo workspace at 1440 and 390 px, light and dark,
 * English and Arabic; then the filter popover, the bulk bar and the import dialog in Arabic and
 * dark at desktop width.
 */
test('the people and companies tables', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  for (const entity of ['people', 'companies'] as const) {
    for (const width of WIDTHS) {
      for (const mode of MODES) {
        for (const lng of LANGUAGES) {
          await display(page, baseURL, { width, mode, lng });
          await openWithToken(page, token, `/dashboard/${entity}?lng=${lng}`);
          await expect(page.getByTestId('record-row').first()).toBeVisible();
          await expect(page.getByTestId('record-count')).not.toHaveText('\u00a0');
          await page.screenshot({ path: `${directory}/${entity}-${width}-${mode}-${lng}.png` });
        }
      }
    }
  }

  await display(page, baseURL, { width: 1440, mode: 'dark', lng: 'ar' });
  await openWithToken(page, token, '/dashboard/people?lng=ar');
  await expect(page.getByTestId('record-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'تصفية', exact: true }).click();
  await page.screenshot({ path: `${directory}/people-filter-ar.png` });
  await page.keyboard.press('Escape');
  await page.getByTestId('record-row').first().getByRole('checkbox').check();
  await page.getByTestId('record-row').nth(1).getByRole('checkbox').check();
  await page.screenshot({ path: `${directory}/people-bulk-ar.png` });
  await page.getByRole('button', { name: 'استيراد', exact: true }).click();
  await page.screenshot({ path: `${directory}/people-import-ar.png` });
});
