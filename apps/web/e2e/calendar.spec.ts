import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, issueToken, newWorkspace, openWithToken, test, type Account } from './fixtures.ts';

// These tests drive whole screens against the real server (several round trips and drags each).
test.describe.configure({ timeout: 90_000 });

/*
 * The calendar screen on real data. Each worker registers one account (a workspace of its own)
 * and its tests give their events unique titles, so that they never see each other's.
 */

let shared: Promise<{ account: Account; token: string }> | undefined;

function workspace(request: APIRequestContext) {
  shared ??= (async () => {
    const { account, token } = await newWorkspace(request);
    return { account, token };
  })();
  return shared;
}

const unique = (title: string) => `${title} ${Math.random().toString(36).slice(2, 7)}`;

/** `YYYY-MM-DD` of a day of the month on screen (the current one), in local time. */
function dayOfThisMonth(day: number) {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), day);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const dayCell = (page: Page, date: string) =>
  page.locator(`td.fc-daygrid-day[data-date="${date}"]`);
const eventIn = (scope: Page | Locator, title: string) =>
  scope.locator('.fc-event', { hasText: title });

async function openCalendar(page: Page, token: string) {
  await openWithToken(page, token, '/dashboard/calendar');
  // The first visit loads the screen's code and translations: allow for a slow machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('.fc-daygrid-day').first()).toBeVisible({ timeout: 30_000 });
}

async function listEvents(request: APIRequestContext, token: string) {
  const response = await request.get('/meetings/events', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; title: string; start: string; end: string }[];
}

async function createEvent(
  request: APIRequestContext,
  token: string,
  event: { title: string; start: string; end: string; color?: string },
) {
  const response = await request.post('/meetings/events/new', {
    headers: { Authorization: `Bearer ${token}` },
    data: event,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/**
 * Drags with the mouse as a person would: press, a small move to start the drag, a pause while it
 * lifts, the way over in small steps, a pause, then release.
 */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag, or nowhere to drop');
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 4 });
  await page.waitForTimeout(300);
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 25 });
  await page.waitForTimeout(500);
  await page.mouse.up();
}

test('create an event with the button, move it by dragging, and delete it', async ({
  page,
  request,
}) => {
  const { token } = await workspace(request);
  const title = unique('Pipeline review');
  const from = dayOfThisMonth(10);
  const to = dayOfThisMonth(12);
  await openCalendar(page, token);

  // Create.
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Enter a title')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByLabel('Starts').fill(`${from}T10:00`);
  await dialog.getByLabel('Ends').fill(`${from}T09:00`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('The end cannot be before the start')).toBeVisible();
  await dialog.getByLabel('Ends').fill(`${from}T11:00`);
  await dialog.getByRole('radio', { name: 'Purple' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(eventIn(dayCell(page, from), title)).toBeVisible();

  // Move: saved at once.
  await drag(page, eventIn(page, title), dayCell(page, to));
  await expect(page.getByText('Event moved')).toBeVisible();
  await expect(eventIn(dayCell(page, to), title)).toBeVisible();
  await expect
    .poll(async () => (await listEvents(request, token)).find((e) => e.title === title)?.start)
    .toBe(new Date(`${to}T10:00`).toISOString());
  await page.reload();
  await expect(eventIn(dayCell(page, to), title)).toBeVisible({ timeout: 30_000 });

  // Delete, after a confirmation.
  await eventIn(page, title).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await edit.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(eventIn(page, title)).toHaveCount(0);
  expect((await listEvents(request, token)).some((e) => e.title === title)).toBe(false);
});

test('create an all-day event by selecting days', async ({ page, request }) => {
  const { token } = await workspace(request);
  const title = unique('Team offsite');
  const first = dayOfThisMonth(15);
  const last = dayOfThisMonth(16);
  await openCalendar(page, token);

  await drag(page, dayCell(page, first), dayCell(page, last));
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog.getByRole('switch', { name: 'All day' })).toBeChecked();
  await expect(dialog.getByLabel('Starts')).toHaveValue(first);
  await expect(dialog.getByLabel('Last day')).toHaveValue(last);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Event created')).toBeVisible();
  await expect(eventIn(page, title).first()).toBeVisible();

  // All-day events keep their dates at UTC midnight, the end exclusive.
  const saved = (await listEvents(request, token)).find((e) => e.title === title);
  expect(saved?.start).toBe(`${first}T00:00:00.000Z`);
  expect(saved?.end).toBe(new Date(Date.parse(`${last}T00:00:00.000Z`) + 86_400_000).toISOString());
});

test('a move the server refuses goes back, with a message', async ({ page, request }) => {
  const { token } = await workspace(request);
  const title = unique('Call with Acme');
  const from = dayOfThisMonth(18);
  await createEvent(request, token, {
    title,
    start: new Date(`${from}T14:00`).toISOString(),
    end: new Date(`${from}T15:00`).toISOString(),
  });
  await openCalendar(page, token);
  await expect(eventIn(dayCell(page, from), title)).toBeVisible();

  await page.route('**/meetings/events/update', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Your role cannot do this', code: 'FORBIDDEN' }),
    }),
  );
  await drag(page, eventIn(page, title), dayCell(page, dayOfThisMonth(20)));
  await expect(page.getByText(/The change was not saved and has been undone/)).toBeVisible();
  await expect(eventIn(dayCell(page, from), title)).toBeVisible();
  await expect(eventIn(dayCell(page, dayOfThisMonth(20)), title)).toHaveCount(0);
});

test('events others add, change and delete show up without a reload', async ({ page, request }) => {
  const { token } = await workspace(request);
  const title = unique('Quarterly planning');
  const day = dayOfThisMonth(22);
  await openCalendar(page, token);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

  const { id } = await createEvent(request, token, {
    title,
    start: new Date(`${day}T13:00`).toISOString(),
    end: new Date(`${day}T14:00`).toISOString(),
  });
  await expect(eventIn(dayCell(page, day), title)).toBeVisible({ timeout: 5000 });

  const renamed = `${title} (moved)`;
  const update = await request.post('/meetings/events/update', {
    headers: { Authorization: `Bearer ${token}` },
    data: { eventId: id, event: { title: renamed } },
  });
  expect(update.status()).toBe(200);
  await expect(eventIn(page, renamed)).toBeVisible({ timeout: 5000 });

  const remove = await request.post('/meetings/events/delete', {
    headers: { Authorization: `Bearer ${token}` },
    data: { eventId: id },
  });
  expect(remove.status()).toBe(200);
  await expect(eventIn(page, renamed)).toHaveCount(0, { timeout: 5000 });
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('search titles and filter by colour', async ({ page, request }) => {
  const { token } = await workspace(request);
  const tag = Math.random().toString(36).slice(2, 7);
  const day = dayOfThisMonth(24);
  const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00`).toISOString();
  await createEvent(request, token, {
    title: `Red ${tag}`,
    start: at(9),
    end: at(10),
    color: '#FF5630',
  });
  await createEvent(request, token, {
    title: `Blue ${tag}`,
    start: at(11),
    end: at(12),
    color: '#0C68E9',
  });
  await openCalendar(page, token);
  await expect(eventIn(page, `Red ${tag}`)).toBeVisible();
  await expect(eventIn(page, `Blue ${tag}`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search titles' }).fill(`blue ${tag}`);
  await expect(eventIn(page, `Blue ${tag}`)).toBeVisible();
  await expect(eventIn(page, `Red ${tag}`)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search titles' }).fill('');

  await page.getByRole('button', { name: 'Red', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Red', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(eventIn(page, `Red ${tag}`)).toBeVisible();
  await expect(eventIn(page, `Blue ${tag}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(eventIn(page, `Blue ${tag}`)).toBeVisible();
});

test('export an .ics file, import one, and subscribe with a private address', async ({
  page,
  request,
}) => {
  const { token } = await workspace(request);
  const title = unique('Imported kickoff');
  const day = dayOfThisMonth(26).replaceAll('-', '');
  await openCalendar(page, token);

  // Import.
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Beacon e2e//EN',
    'BEGIN:VEVENT',
    `UID:${title.replaceAll(' ', '-')}@e2e`,
    `DTSTART;VALUE=DATE:${day}`,
    `SUMMARY:${title}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    'SUMMARY:No start date',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await page.locator('input[type="file"][accept*=".ics"]').setInputFiles({
    name: 'events.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  await expect(page.getByText('Events imported: 1')).toBeVisible();
  await expect(page.getByText('Entries skipped: 1')).toBeVisible();
  await expect(eventIn(page, title)).toBeVisible();

  // Export: the file holds it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .ics' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('calendar.ics');
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain(`SUMMARY:${title}`);

  // Subscribe: a private address that works without signing in, until turned off.
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to this calendar' });
  await dialog.getByRole('button', { name: 'Create my private address' }).click();
  const address = dialog.getByRole('textbox', { name: 'Private address' });
  await expect(address).toHaveValue(/\/api\/calendar\/feeds\/[\w-]+\.ics$/);
  const url = await address.inputValue();
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`SUMMARY:${title}`);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText('You have no private address yet.')).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});

test('an imported repeating event shows each occurrence; the dialog says what saving and deleting do', async ({
  page,
  request,
}) => {
  const { token } = await workspace(request);
  const title = unique('Weekly réunion');
  const first = dayOfThisMonth(2).replaceAll('-', '');
  await openCalendar(page, token);

  // Folded at a fixed octet, inside the two bytes of "é", as some programs fold.
  const summary = Buffer.from(`SUMMARY:${title}`, 'utf8');
  const cut = summary.indexOf(Buffer.from('é', 'utf8')) + 1;
  const file = Buffer.concat([
    Buffer.from(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'BEGIN:VEVENT',
        `UID:${title.replaceAll(' ', '-')}@e2e`,
        `DTSTART;VALUE=DATE:${first}`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
        '',
      ].join('\r\n'),
    ),
    summary.subarray(0, cut),
    Buffer.from('\r\n '),
    summary.subarray(cut),
    Buffer.from('\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
  ]);
  await page.locator('input[type="file"][accept*=".ics"]').setInputFiles({
    name: 'weekly.ics',
    mimeType: 'text/calendar',
    buffer: file,
  });
  await expect(page.getByText('Events imported: 1')).toBeVisible();
  await expect(eventIn(page, title)).toHaveCount(3);
  await expect(eventIn(dayCell(page, dayOfThisMonth(9)), title)).toBeVisible();

  await eventIn(dayCell(page, dayOfThisMonth(9)), title).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(
    edit.getByText('This event repeats: saving changes every occurrence.'),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
  await expect(confirm.getByText(/Only this occurrence of/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(eventIn(page, title)).toHaveCount(2);
  await expect(eventIn(dayCell(page, dayOfThisMonth(9)), title)).toHaveCount(0);
  await expect(eventIn(dayCell(page, dayOfThisMonth(16)), title)).toBeVisible();
});

test('a viewer reads the calendar but gets no way to change it', async ({ page, request }) => {
  const token = await issueToken(
    request,
    'omar.haddad@beacon.local',
    process.env.DEMO_PASSWORD || 'beacon-demo',
  );
  await openCalendar(page, token);
  await expect(page.getByText('Your role can read the calendar.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export .ics' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New event' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import .ics' })).toHaveCount(0);
});

test('the calendar in Arabic: right to left, with FullCalendar in Arabic too', async ({
  page,
  request,
}) => {
  const { token } = await workspace(request);
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await openWithToken(page, token, '/dashboard/calendar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'التقويم' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('.fc')).toHaveClass(/fc-direction-rtl/);
  await page.getByRole('button', { name: 'جدول الأعمال' }).click();
  await expect(page.locator('.fc-list')).toBeVisible();
});

test('axe: the calendar', async ({ page, request }) => {
  const { token } = await workspace(request);
  await openCalendar(page, token);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
});
