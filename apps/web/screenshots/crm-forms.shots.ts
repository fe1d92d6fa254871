import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

const NEW_PERSON = { en: 'New person', ar: 'شخص جديد' } as const;
const CREATE = { en: 'Create', ar: 'إنشاء' } as const;

/**
 * The "New person" dialog (react-hook-form, the contract's schema) with its field messages, and
 * the person page, at 1440 and 390 px, light and dark, English and Arabic.
 */
test('the create dialog and the person page', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const people = (await (
    await request.get('/api/people?limit=1&sort=-lastActivityAt', { headers })
  ).json()) as { items: { id: string }[] };
  const person = people.items[0];
  if (!person) throw new Error('the demo workspace has no people');
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const words = lng === 'ar' ? 'ar' : 'en';
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/people?lng=${lng}`);
        await expect(page.getByTestId('record-row').first()).toBeVisible();
        await page.getByRole('button', { name: NEW_PERSON[words] }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox').nth(2).fill('not an e-mail');
        await dialog.getByRole('button', { name: CREATE[words], exact: true }).click();
        await expect(dialog.locator('.Mui-error').first()).toBeVisible();
        await page.screenshot({ path: `${directory}/create-person-${width}-${mode}-${lng}.png` });

        await openWithToken(page, token, `/dashboard/people/${person.id}?lng=${lng}`);
        await settled(page);
        await page.screenshot({
          path: `${directory}/person-${width}-${mode}-${lng}.png`,
          fullPage: true,
        });
      }
    }
  }
});
