import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

const NAMES = ['Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra'];

/** A workspace of its own with a few people, made through the API. */
async function workspaceWithPeople(request: APIRequestContext) {
  const { token, headers } = await newWorkspace(request);
  for (const name of NAMES) {
    const [firstName, lastName] = name.split(' ');
    const response = await request.post('/api/people', {
      headers,
      data: { firstName, lastName, email: `${firstName?.toLowerCase()}@example.com` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return { token, headers };
}

async function openLists(page: Page, token: string) {
  await openWithToken(page, token, '/dashboard/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible({
    timeout: 30_000,
  });
}

test('create a list, add people by search, remove one, rename and delete the list', async ({
  page,
  request,
}) => {
  const { token } = await workspaceWithPeople(request);
  await openLists(page, token);
  await expect(page.getByText(/No people lists yet/)).toBeVisible();

  // Create: the new list opens.
  await page.getByRole('button', { name: 'New list' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('Pioneers');
  await form.getByRole('textbox', { name: 'Description' }).fill('Conference follow-ups');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pioneers' })).toBeVisible();
  await expect(page.getByText('This list has no members yet.')).toBeVisible();

  // Add two people found by search.
  await page.getByRole('button', { name: 'Add people' }).click();
  const add = page.getByRole('dialog');
  const search = add.getByRole('searchbox', { name: 'Search people to add' });
  await search.fill('Grace');
  await add.getByRole('checkbox', { name: /Grace Hopper/ }).click();
  await search.fill('Alan');
  await add.getByRole('checkbox', { name: /Alan Turing/ }).click();
  await expect(add.getByText('Selected: 2')).toBeVisible();
  await add.getByRole('button', { name: 'Add selected' }).click();
  await expect(page.getByText('Added to the list: 2')).toBeVisible();
  const members = page.getByRole('table', { name: 'Pioneers' });
  await expect(members.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(members.getByRole('link', { name: 'Alan Turing' })).toBeVisible();
  await expect(page.getByText(/^Members: 2/)).toBeVisible();

  // Search the members, then remove one.
  await page.getByRole('searchbox', { name: 'Search the members' }).fill('Alan');
  await expect(members.getByRole('link', { name: 'Grace Hopper' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search the members' }).fill('');
  await expect(members.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await members.getByRole('checkbox', { name: 'Select Alan Turing' }).check();
  await page.getByRole('button', { name: 'Remove selected' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed from the list: 1')).toBeVisible();
  await expect(members.getByRole('link', { name: 'Alan Turing' })).toHaveCount(0);
  await expect(page.getByText(/^Members: 1/)).toBeVisible();

  // The person's page shows the list, and the timeline says so.
  await members.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pioneers' })).toBeVisible();
  await expect(page.getByText(/added this record to Pioneers/)).toBeVisible();

  // Back on the lists: count, rename, delete.
  await openLists(page, token);
  const row = page.getByRole('row').filter({ hasText: 'Pioneers' });
  await expect(row).toContainText('1');
  await row.getByRole('button', { name: 'Rename Pioneers' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Pioneers 2026');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Pioneers 2026' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Pioneers 2026' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/No people lists yet/)).toBeVisible();
});

test('add a person to a list from their page, and take them off it', async ({ page, request }) => {
  const { token, headers } = await workspaceWithPeople(request);
  const list = await request.post('/api/lists', {
    headers,
    data: { name: 'Q3 targets', kind: 'people' },
  });
  expect(list.status(), await list.text()).toBe(201);
  const people = (await (await request.get('/api/people?q=Katherine', { headers })).json()) as {
    items: { id: string }[];
  };
  await openWithToken(page, token, `/dashboard/people/${people.items[0]?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Add to list' }).first().click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Q3 targets/ })
    .click();
  await expect(page.getByText('Added to Q3 targets')).toBeVisible();
  await page.getByRole('button', { name: 'Remove from Q3 targets' }).click();
  await expect(page.getByText('Removed from Q3 targets')).toBeVisible();
  await expect(page.getByText('Not on any list.')).toBeVisible();
  await expect(page.getByText(/removed this record from Q3 targets/)).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe: the lists page and a list (${mode})`, async ({ page, request, baseURL }) => {
    const { token, headers } = await workspaceWithPeople(request);
    const created = await request.post('/api/lists', {
      headers,
      data: { name: 'Accessible list', kind: 'people', description: 'For the check' },
    });
    const { id } = (await created.json()) as { id: string };
    const people = (await (await request.get('/api/people', { headers })).json()) as {
      items: { id: string }[];
    };
    await request.post(`/api/lists/${id}/items`, {
      headers,
      data: { selection: { ids: people.items.map((p) => p.id) } },
    });
    if (mode === 'dark') {
      await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
    }
    const check = async () => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
    };
    await openLists(page, token);
    await expect(page.getByRole('link', { name: 'Accessible list' })).toBeVisible();
    expect(await check()).toEqual([]);
    await page.getByRole('link', { name: 'Accessible list' }).click();
    await expect(page.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
    expect(await check()).toEqual([]);
    // The add dialog with results, one of them already on the list.
    await page.getByRole('button', { name: 'Add people' }).click();
    await page.getByRole('searchbox', { name: 'Search people to add' }).fill('a');
    await expect(page.getByRole('dialog').getByText('Already on the list').first()).toBeVisible();
    expect(await check()).toEqual([]);
  });
}

test('the lists and a list follow changes made elsewhere, without a reload', async ({
  page,
  request,
}) => {
  const { token, headers } = await workspaceWithPeople(request);
  await openLists(page, token);
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

  // Elsewhere (here, the API): a list is made, then a person is put on it.
  const created = await request.post('/api/lists', {
    headers,
    data: { name: 'Made elsewhere', kind: 'people' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const link = page.getByRole('link', { name: 'Made elsewhere' });
  await expect(link).toBeVisible({ timeout: 10_000 });

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Made elsewhere' })).toBeVisible();
  await expect(page.getByText('Grace Hopper')).toHaveCount(0);
  const people = (await (await request.get('/api/people?q=grace', { headers })).json()) as {
    items: { id: string }[];
  };
  const added = await request.post(`/api/lists/${id}/items`, {
    headers,
    data: { selection: { ids: people.items.map((person) => person.id) } },
  });
  expect(added.status(), await added.text()).toBe(200);
  await expect(page.getByText('Grace Hopper')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
});
