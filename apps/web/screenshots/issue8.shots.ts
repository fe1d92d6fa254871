import { expect } from '@playwright/test';
import { issueToken, newAccount, openWithToken, registerAccount, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, display, settled, shotsDirectory } from './shots.ts';

/**
 * The screens issue 8's web items changed: the card drawer (move menu, a card deleted by someone
 * else), a new account's home, the views menu open, a person's stage chip and the calendar's week
 * view, in light and dark, English and Arabic, 1440 and 390 wide.
 */
test('issue 8: the changed screens', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const account = await registerAccount(request, newAccount());
  const token = await issueToken(request, account.email, account.password);
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { id: string };
  };
  const columns = [];
  for (const name of ['To do', 'Doing', 'Done'])
    columns.push(await post('/api/kanban/columns/new', { name }));
  const person = await post('/api/people', {
    firstName: 'Nina',
    lastName: 'Berg',
    email: `nina-${Date.now().toString(36)}@example.com`,
    stage: 'interested',
  });

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = (screen: string) => `${directory}/${screen}-${width}-${mode}-${lng}.png`;
        await display(page, baseURL, { width, mode, lng });

        await openWithToken(page, token, `/dashboard/app?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('home'), fullPage: true });

        const card = await post('/api/kanban/cards/new', {
          columnId: columns[0]!.id,
          card: { name: `Call Nina ${width}${mode}${lng}` },
        });
        await openWithToken(page, token, `/dashboard/kanban?lng=${lng}`);
        await settled(page);
        await page
          .getByRole('button', { name: `Call Nina ${width}${mode}${lng}`, exact: true })
          .click();
        const drawer = page.getByRole('dialog').last();
        await drawer
          .getByRole('button')
          .filter({ has: page.locator('svg') })
          .first()
          .waitFor();
        await drawer.locator('button[aria-haspopup="menu"]').click();
        await page.getByRole('menu').waitFor({ timeout: 15_000 });
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('kanban-move-menu') });
        await page.keyboard.press('Escape');
        await drawer.getByRole('textbox').last().fill('Nina asked for a call on Monday');
        const removed = await request.post('/api/kanban/cards/delete', {
          headers,
          data: { cardId: card.id },
        });
        expect(removed.ok()).toBe(true);
        await drawer.getByRole('alert').waitFor({ timeout: 15_000 });
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('kanban-card-deleted') });

        await openWithToken(page, token, `/dashboard/people?lng=${lng}`);
        await settled(page);
        await page
          .locator('button[aria-haspopup="menu"]')
          .filter({ has: page.locator('.view-name') })
          .click();
        await page.getByRole('menu').waitFor({ timeout: 15_000 });
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('people-views-menu') });

        await openWithToken(page, token, `/dashboard/people/${person.id}?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('person-stage') });

        await openWithToken(page, token, `/dashboard/calendar?lng=${lng}`);
        await settled(page);
        await page.locator('.MuiToggleButton-root').nth(1).click();
        await page.locator('.fc-timegrid-slots').first().waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('calendar-week') });
      }
    }
  }
});
