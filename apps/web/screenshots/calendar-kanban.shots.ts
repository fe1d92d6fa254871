import { expect } from '@playwright/test';
import { issueToken, newAccount, openWithToken, registerAccount, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, display, settled, shotsDirectory } from './shots.ts';

/**
 * The calendar (month and week) and the board with a card's drawer open, on RTK Query (record
 * 042), in light and dark, English and Arabic, 1440 and 390 wide.
 */
test('calendar and kanban screens', async ({ page, request, baseURL }) => {
  test.setTimeout(600_000);
  const directory = shotsDirectory();
  const account = await registerAccount(request, newAccount());
  const token = await issueToken(request, account.email, account.password);
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { id: string };
  };
  const day = (offset: number, hour: number) => {
    const at = new Date();
    at.setDate(at.getDate() + offset);
    at.setHours(hour, 0, 0, 0);
    return at.toISOString();
  };
  for (const [title, offset, hour, color] of [
    ['Pilot review with Northwind', 0, 10, '#00A76F'],
    ['Call Nina', 1, 14, '#8E33FF'],
    ['Quarterly planning', 3, 9, '#FFAB00'],
  ] as const) {
    await post('/meetings/events/new', {
      title,
      start: day(offset, hour),
      end: day(offset, hour + 1),
      color,
    });
  }
  const columns = [];
  for (const name of ['To do', 'Doing', 'Done'])
    columns.push(await post('/api/kanban/columns/new', { name }));
  for (const [column, name] of [
    [0, 'Call Nina about the pilot'],
    [0, 'Send the proposal'],
    [1, 'Prepare the demo'],
    [2, 'Sign the contract'],
  ] as const) {
    await post('/api/kanban/cards/new', { columnId: columns[column]!.id, card: { name } });
  }

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = (screen: string) => `${directory}/${screen}-${width}-${mode}-${lng}.png`;
        await display(page, baseURL, { width, mode, lng });

        await openWithToken(page, token, `/dashboard/calendar?lng=${lng}`);
        await settled(page);
        await page.locator('.MuiToggleButton-root').nth(0).click();
        await page.locator('.fc-daygrid-body').first().waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('calendar-month'), fullPage: true });
        await page.locator('.MuiToggleButton-root').nth(1).click();
        await page.locator('.fc-timegrid-slots').first().waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: name('calendar-week') });

        await openWithToken(page, token, `/dashboard/kanban?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('kanban-board') });
        await page.getByRole('button', { name: 'Call Nina about the pilot', exact: true }).click();
        const drawer = page.getByRole('dialog').last();
        await drawer.getByRole('textbox').first().waitFor();
        await page.waitForTimeout(600);
        await page.screenshot({ path: name('kanban-drawer') });
      }
    }
  }
});
