import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The demo admin's mailbox (labels, list) and a thread open beside it (on a phone: the list, then
 * the thread alone), at 1440 and 390 px, light and dark, English and Arabic
 * (docs/decisions/059-mail-app.md).
 */
test('the mail app', async ({ page, request, baseURL }) => {
  test.setTimeout(900_000);
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get('/user/me', { headers })).json()) as { id: string };
  const { mailboxes } = (await (await request.get('/api/mail/mailboxes', { headers })).json()) as {
    mailboxes: { id: string; ownerId: string | null }[];
  };
  const own = mailboxes.find((m) => m.ownerId === me.id) ?? mailboxes[0];
  const found = (await (
    await request.get(`/api/mail/mails?label=inbox&mailboxId=${own?.id}&search=questionnaire`, {
      headers,
    })
  ).json()) as { mails: { id: string }[] };
  const mailId = found.mails[0]?.id;
  expect(mailId).toBeTruthy();

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = `${width}-${mode}-${lng}`;
        await display(page, baseURL, { width, mode, lng });

        await openWithToken(page, token, `/dashboard/mail?lng=${lng}`);
        await expect(page.getByTestId('mail-row').first()).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({ path: `${directory}/mail-${name}.png` });

        await openWithToken(page, token, `/dashboard/mail?label=inbox&mail=${mailId}&lng=${lng}`);
        await expect(page.getByTestId('mail-message').first()).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({ path: `${directory}/mail-open-${name}.png` });
      }
    }
  }
});
