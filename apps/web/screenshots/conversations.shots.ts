import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The demo admin's conversations (a reply open with the person's facts), the e-mails page with a
 * tracked mail open, and a person whose address bounced, at 1440 and 390 px, light and dark,
 * English and Arabic (docs/decisions/061-conversations.md).
 */
test('conversations, e-mails and a bounced person', async ({ page, request, baseURL }) => {
  test.setTimeout(900_000);
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const conversations = (await (
    await request.get('/api/conversations?category=out_of_office', { headers })
  ).json()) as { items: { id: string }[] };
  const conversationId = conversations.items[0]?.id;
  const emails = (await (await request.get('/api/emails?limit=100', { headers })).json()) as {
    items: { id: string; tracked: boolean }[];
  };
  const trackedId = emails.items.find((e) => e.tracked)?.id;
  const people = (await (
    await request.get(
      `/api/people?filters=${encodeURIComponent(JSON.stringify([{ field: 'emailStatus', op: 'equals', value: 'bounced' }]))}`,
      { headers },
    )
  ).json()) as { items: { id: string }[] };
  const bouncedId = people.items[0]?.id;
  expect(conversationId && trackedId && bouncedId).toBeTruthy();

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = `${width}-${mode}-${lng}`;
        await display(page, baseURL, { width, mode, lng });

        await openWithToken(page, token, `/dashboard/conversations?lng=${lng}`);
        await expect(page.getByRole('list').last()).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({ path: `${directory}/conversations-${name}.png` });

        await openWithToken(page, token, `/dashboard/conversations?c=${conversationId}&lng=${lng}`);
        await expect(page.getByRole('article')).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({
          path: `${directory}/conversations-open-${name}.png`,
          fullPage: true,
        });

        await openWithToken(page, token, `/dashboard/emails?lng=${lng}`);
        await expect(page.getByRole('table')).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({ path: `${directory}/emails-${name}.png` });

        await openWithToken(page, token, `/dashboard/emails?open=${trackedId}&lng=${lng}`);
        await expect(page.getByRole('article')).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({ path: `${directory}/emails-open-${name}.png` });

        await openWithToken(page, token, `/dashboard/people/${bouncedId}?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: `${directory}/person-bounced-${name}.png` });
      }
    }
  }
});
