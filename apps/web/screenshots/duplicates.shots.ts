import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The demo workspace's duplicates page and the search palette finding records, at 1440 and
 * 390 px, light and dark, English and Arabic; then the "already has this e-mail" notice of the
 * New person dialog.
 */
const NEW_PERSON_AR = 'شخص جديد';

test('duplicates, record search and the taken e-mail notice', async ({
  page,
  request,
  baseURL,
}) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/people/duplicates?lng=${lng}`);
        await expect(page.getByRole('region').first()).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${directory}/duplicates-${width}-${mode}-${lng}.png` });

        await page.keyboard.press('Control+k');
        await page.getByRole('dialog').getByRole('combobox').fill('an');
        await expect(page.getByRole('dialog').getByRole('option').nth(3)).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${directory}/search-records-${width}-${mode}-${lng}.png` });
        await page.keyboard.press('Escape');
      }
    }
  }

  const first = (await (
    await request.get('/api/people?limit=1&sort=createdAt', {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { items: { email: string }[] };
  const newPerson = { en: 'New person', ar: NEW_PERSON_AR };
  for (const lng of LANGUAGES) {
    await display(page, baseURL, { width: 1440, mode: 'light', lng });
    await openWithToken(page, token, `/dashboard/people?lng=${lng}`);
    await expect(page.getByTestId('record-row').first()).toBeVisible();
    await page.getByRole('button', { name: newPerson[lng] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="firstName"]').fill('Again');
    await dialog.locator('input[name="email"]').fill(first.items[0]!.email.toUpperCase());
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: `${directory}/duplicate-notice-${lng}.png` });
  }
});
