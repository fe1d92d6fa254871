import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// The tasks screen and its queue on the real server: a workspace of its own per test, with a
// person and three due tasks about them.
test.describe.configure({ timeout: 90_000 });

type Task = { id: string; title: string; status: string; dueAt: string | null };

async function workspaceWithTasks(request: APIRequestContext) {
  const { token, headers } = await newWorkspace(request);
  const post = async <T>(path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as T;
  };
  const company = await post<{ id: string }>('/api/companies', { name: 'Analytical Engines' });
  const person = await post<{ id: string }>('/api/people', {
    firstName: 'Grace',
    lastName: 'Hopper',
    jobTitle: 'Rear admiral',
    email: 'grace@example.com',
    companyId: company.id,
    timeZone: 'America/New_York',
  });
  const hour = 3_600_000;
  // One overdue (yesterday), two due earlier today (in the browser's and server's zone, UTC).
  const tasks = [
    await post<Task>('/api/tasks', {
      title: 'Call Grace about the compiler',
      type: 'call',
      dueAt: new Date(Date.now() - 26 * hour).toISOString(),
      personId: person.id,
    }),
    await post<Task>('/api/tasks', {
      title: 'Send Grace the proposal',
      type: 'email',
      dueAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      personId: person.id,
    }),
    await post<Task>('/api/tasks', {
      title: 'Prepare the meeting with Analytical Engines',
      type: 'meeting_prep',
      dueAt: new Date(Date.now() - 60_000).toISOString(),
      personId: person.id,
      companyId: company.id,
    }),
  ];
  const get = async (id: string) => {
    const response = await request.get(`/api/tasks/${id}`, { headers });
    return (await response.json()) as Task;
  };
  return { token, headers, person, tasks, get };
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('works through three due tasks in queue mode with the keyboard', async ({ page, request }) => {
  const { token, tasks, get } = await workspaceWithTasks(request);
  await openWithToken(page, token, '/dashboard/tasks?queue=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Task queue' })).toBeVisible({
    timeout: 30_000,
  });
  // Overdue first, with the person's facts beside it and the shortcuts shown.
  const current = page.locator('#queue-task-title');
  await expect(current).toHaveText('Call Grace about the compiler');
  const person = page.getByRole('complementary', { name: 'Grace Hopper' });
  await expect(person.getByText('Rear admiral')).toBeVisible();
  await expect(person.getByText('Analytical Engines')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText('Complete');
  await expect(page.getByText('3 of 3 left')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // N goes to the next without changing anything; C completes it.
  await page.keyboard.press('n');
  await expect(current).toHaveText('Send Grace the proposal');
  await page.keyboard.press('c');
  await expect(page.getByText('2 of 3 left')).toBeVisible();
  // After the last one, the queue wraps to the first not dealt with.
  await expect(current).toHaveText('Prepare the meeting with Analytical Engines');
  await page.keyboard.press('s');
  await expect(current).toHaveText('Call Grace about the compiler');
  await page.keyboard.press('z');
  await expect(page.getByRole('heading', { name: 'Queue done' })).toBeVisible();

  expect((await get(tasks[1]!.id)).status).toBe('done');
  expect((await get(tasks[2]!.id)).status).toBe('skipped');
  const snoozed = await get(tasks[0]!.id);
  expect(snoozed.status).toBe('open');
  expect(new Date(snoozed.dueAt!).getTime()).toBeGreaterThan(Date.now());

  // Escape leaves the queue for the list.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
});

test('the tasks page: tabs with counts, bulk complete, live from elsewhere; axe', async ({
  page,
  request,
}) => {
  const { token, headers, tasks, person } = await workspaceWithTasks(request);
  await openWithToken(page, token, '/dashboard/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('tab', { name: 'Due today (2)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overdue (1)' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Send Grace the proposal', exact: true }),
  ).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Another member's (here: the API's) change shows without a reload.
  const response = await request.post('/api/tasks', {
    headers,
    data: { title: 'Added elsewhere', dueAt: new Date().toISOString(), personId: person.id },
  });
  expect(response.status()).toBe(201);
  await expect(page.getByRole('button', { name: 'Added elsewhere', exact: true })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all tasks shown' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected tasks' })
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(page.getByText('Nothing due today.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Done (3)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Overdue (1)' }).click();
  await expect(page.getByRole('button', { name: tasks[0]!.title, exact: true })).toBeVisible();
});

test('axe in dark mode and right to left: the tasks page and the queue', async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await workspaceWithTasks(request);
  await page.context().addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL },
    { name: 'i18next', value: 'ar', url: baseURL },
  ]);
  await openWithToken(page, token, '/dashboard/tasks?lng=ar');
  await expect(page.getByRole('heading', { level: 1, name: 'المهام' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('table')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await openWithToken(page, token, '/dashboard/tasks?queue=1&lng=ar');
  await expect(page.locator('#queue-task-title')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Rear admiral')).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test("a person's Tasks tab: add a task about them and complete it", async ({ page, request }) => {
  const { token, person } = await workspaceWithTasks(request);
  await openWithToken(page, token, `/dashboard/people/${person.id}?tab=tasks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible({
    timeout: 30_000,
  });
  const open = page.getByRole('list', { name: 'Open tasks' });
  await expect(
    open.getByRole('button', { name: 'Send Grace the proposal', exact: true }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'New task' }).fill('Book the demo with Grace');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    open.getByRole('button', { name: 'Book the demo with Grace', exact: true }),
  ).toBeVisible();

  await page.getByRole('checkbox', { name: 'Complete Call Grace about the compiler' }).click();
  const done = page.getByRole('list', { name: 'Done recently' });
  await expect(
    done.getByRole('button', { name: 'Call Grace about the compiler', exact: true }),
  ).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test('saved views of tasks: narrow by type, save the view, clear it, apply it again; axe', async ({
  page,
  request,
}) => {
  const { token, headers } = await workspaceWithTasks(request);
  await openWithToken(page, token, '/dashboard/tasks');
  await expect(page.getByRole('tab', { name: 'Due today (2)' })).toBeVisible({ timeout: 30_000 });
  // The bar narrows every tab: e-mails only.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await expect(page.getByRole('tab', { name: 'Due today (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overdue (0)' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Send Grace the proposal', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Prepare the meeting with Analytical Engines', exact: true }),
  ).toHaveCount(0);

  // Saved, shared: the server keeps it as a view of tasks with the engine's condition.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save as a new view…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name of the view' }).fill('E-mails to send');
  await dialog.getByRole('switch', { name: 'Share with the workspace' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'E-mails to send' })).toBeVisible();
  const views = (await (await request.get('/api/views?entity=tasks', { headers })).json()) as {
    name: string;
    shared: boolean;
    filters: unknown[];
  }[];
  expect(views).toMatchObject([
    {
      name: 'E-mails to send',
      shared: true,
      filters: [{ field: 'type', op: 'equals', value: 'email' }],
    },
  ]);
  expect(await axe(page)).toEqual([]);

  // Cleared: every task again; applied from the menu: narrowed again, after a reload too.
  await page.getByRole('button', { name: 'Clear the view' }).click();
  await expect(page.getByRole('tab', { name: 'Due today (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'E-mails to send' }).click();
  await expect(page.getByRole('tab', { name: 'Due today (1)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Due today (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'E-mails to send' })).toBeVisible();
});

test("exports the tab as CSV, and keeps a task's notes and timeline; axe", async ({
  page,
  request,
}) => {
  const { token, headers, tasks } = await workspaceWithTasks(request);
  await openWithToken(page, token, '/dashboard/tasks?tab=today');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Send Grace the proposal')).toBeVisible({ timeout: 30_000 });

  // The CSV of the tab: today's two tasks, not the overdue one.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const text = (await (await file.createReadStream()).toArray()).join('');
  expect(text).toContain('Send Grace the proposal');
  expect(text).toContain('Prepare the meeting with Analytical Engines');
  expect(text).not.toContain('Call Grace about the compiler');

  // A note on a task, kept on its timeline.
  await page.getByRole('button', { name: 'Notes and timeline of Send Grace the proposal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notes and timeline: Send Grace the proposal' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').first().fill('Sent the draft, waiting for numbers');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByText('Sent the draft, waiting for numbers')).toBeVisible({
    timeout: 15_000,
  });
  expect(await axe(page)).toEqual([]);
  const activity = await request.get(`/api/tasks/${tasks[1]!.id}/activity`, { headers });
  expect(activity.status()).toBe(200);
});
