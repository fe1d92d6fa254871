import { expect } from '@playwright/test';
import sharp from 'sharp';
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
  const cards: Record<string, string> = {};
  for (const [column, name] of [
    [0, 'Call Nina about the pilot'],
    [0, 'Send the proposal'],
    [1, 'Prepare the demo'],
    [2, 'Sign the contract'],
  ] as const) {
    cards[name] = (
      await post('/api/kanban/cards/new', { columnId: columns[column]!.id, card: { name } })
    ).id;
  }
  // Attachments with thumbnails (issue 11): a picture, a PDF and notes on the first card.
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 32, g: 101, b: 209 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><circle cx="620" cy="240" r="160" fill="#ffab00"/><rect x="80" y="380" width="520" height="140" rx="20" fill="#fff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  // A one-page PDF (pdf.js rebuilds the missing cross-reference table).
  const pdf = Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
      '4 0 obj << /Length LENGTH >> stream',
      'BT /F1 40 Tf 72 680 Td (Pilot plan) Tj ET 0 0.6 0.4 rg 72 120 468 420 re f',
      'endstream endobj',
      '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
    ]
      .join('\n')
      .replace('LENGTH', '74'),
  );
  for (const [file, body] of [
    ['Pilot site.png', picture],
    ['Pilot plan.pdf', pdf],
    ['Call notes.txt', Buffer.from('Nina: budget approved, wants SSO.\n')],
  ] as const) {
    // As the file picker does: a finished upload, then attached to the card by its id.
    const upload = await request.post(`/api/uploads/direct?name=${encodeURIComponent(file)}`, {
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      data: body,
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const { id } = (await upload.json()) as { id: string };
    const response = await request.post('/api/kanban/cards/attachments/attach', {
      headers,
      data: { cardId: cards['Call Nina about the pilot'], uploadIds: [id] },
    });
    expect(response.ok(), await response.text()).toBe(true);
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
        // The attachments, with their thumbnails (made by the server's job after the upload).
        await drawer.getByText('Pilot site.png').scrollIntoViewIfNeeded();
        await expect(drawer.locator('li img')).toHaveCount(2, { timeout: 30_000 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: name('kanban-attachments') });
      }
    }
  }
});
