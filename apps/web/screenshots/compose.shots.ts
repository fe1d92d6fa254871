import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * Compose (issue 12) as the demo admin: a new message over a person's page with a second one
 * docked as a bar, a reply maximised over the page with the quoted original, and the account's
 * Mailboxes tab, at 1440 and 390 px, light and dark, English and Arabic.
 */
test('compose windows and the mailboxes tab', async ({ page, request, baseURL }) => {
  test.setTimeout(900_000);
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const inbox = (await (await request.get('/api/mail/mails?label=inbox', { headers })).json()) as {
    mails: { id: string; direction: string; from: { address: string } }[];
  };
  const mailId = inbox.mails.find(
    (m) => m.direction === 'in' && !m.from.address.startsWith('mailer-daemon'),
  )?.id;
  const people = (await (await request.get('/api/people?limit=20', { headers })).json()) as {
    items: { id: string; email: string }[];
  };
  const person = people.items.find((p) => p.email);
  expect(mailId && person).toBeTruthy();

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = `${width}-${mode}-${lng}`;
        await display(page, baseURL, { width, mode, lng });

        // A draft docked as a bar, then a new message to the person open beside it.
        await openWithToken(
          page,
          token,
          `/dashboard/people/${person!.id}?lng=${lng}&compose=new&subject=${encodeURIComponent(lng === 'ar' ? 'متابعة' : 'Follow-up')}`,
        );
        await expect(page.getByTestId('compose-window')).toBeVisible({ timeout: 120_000 });
        await page.getByTestId('compose-window').getByRole('button').first().click();
        // The person header's Send e-mail opens the second window in the page.
        await page.locator('a[href*="compose=new"]').first().click();
        await expect(page.getByTestId('compose-window')).toHaveCount(2, { timeout: 60_000 });
        await settled(page);
        const open = page.locator('[data-testid=compose-window][data-state=open]');
        await expect(open).toBeVisible({ timeout: 60_000 });
        await open
          .getByRole('textbox', { name: /Subject|الموضوع/ })
          .fill(lng === 'ar' ? 'عرض لفريقك' : 'An offer for your team');
        await open.getByTestId('compose-editor').click();
        await page.keyboard.type(
          lng === 'ar'
            ? 'مرحبًا، إليك العرض الذي تحدثنا عنه.'
            : 'Hello, here is the offer we talked about.',
        );
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${directory}/compose-new-${name}.png` });

        // A reply, maximised (on a phone it takes the screen anyway).
        await page.goto(
          `/dashboard/people/${person!.id}?lng=${lng}&compose=reply&mailId=${mailId}`,
        );
        const reply = page.locator('[data-testid=compose-window][data-state=open]');
        await expect(reply).toBeVisible({ timeout: 120_000 });
        await expect(reply.getByTestId('compose-editor')).not.toBeEmpty({ timeout: 30_000 });
        await settled(page);
        if (width > 1000) {
          // Maximised, the window is modal: the page behind leaves the accessibility tree.
          await reply.getByRole('button', { name: /Full screen|ملء الشاشة/ }).click();
          await expect(
            page.locator('[data-testid=compose-window][data-state=maximized]'),
          ).toHaveAttribute('aria-modal', 'true');
          await page.waitForTimeout(400);
        }
        await page.screenshot({ path: `${directory}/compose-reply-${name}.png` });

        await openWithToken(page, token, `/dashboard/user/account?tab=mailboxes&lng=${lng}`);
        await expect(page.getByRole('listitem').first()).toBeVisible({ timeout: 120_000 });
        await settled(page);
        await page.screenshot({ path: `${directory}/account-mailboxes-${name}.png` });
      }
    }
  }
});
