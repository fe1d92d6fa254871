import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// Whole screens against the real server: several round trips each.
test.describe.configure({ timeout: 120_000 });

/*
 * Each test registers a workspace of its own and creates its people through the API, so the
 * counts, sorts and lists it checks are its own.
 */

const STAGES = ['cold', 'replied', 'interested'] as const;

async function workspaceWithPeople(request: APIRequestContext, count = 12) {
  const { token, headers } = await newWorkspace(request);
  const surnames = ['Adams', 'Baker', 'Clark', 'Davis', 'Evans', 'Fisher', 'Garcia', 'Hughes'];
  for (let i = 0; i < count; i += 1) {
    const response = await request.post('/api/people', {
      headers,
      data: {
        firstName: `Person${String(i).padStart(2, '0')}`,
        lastName: surnames[i % surnames.length],
        email: `p${i}-${Date.now().toString(36)}@example.com`,
        jobTitle: i % 2 === 0 ? 'Head of Sales' : 'Engineer',
        stage: STAGES[i % STAGES.length],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return { token, headers };
}

async function openPeople(page: Page, token: string, query = '') {
  await openWithToken(page, token, `/dashboard/people${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('record-row').first()).toBeVisible({ timeout: 30_000 });
}

const rows = (page: Page) => page.getByTestId('record-row');
const table = (page: Page) => page.getByRole('table', { name: 'People' });

test('searches, filters by stage and sorts, and the address keeps it across a reload', async ({
  page,
  request,
}) => {
  const { token } = await workspaceWithPeople(request);
  await openPeople(page, token);
  await expect(page.getByTestId('record-count')).toHaveText('People: 12');
  await expect(rows(page)).toHaveCount(12);

  // Search (debounced) narrows the rows and goes into the address.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Person03');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/q=Person03/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(rows(page)).toHaveCount(12);

  // A filter: stage is Replied.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Stage', exact: true }).click();
  await page.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Replied' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Stage is Replied' })).toBeVisible();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByTestId('record-count')).toHaveText('People: 4');
  await expect(page).toHaveURL(/filters=/);

  // Sort by name (last name), then the other way.
  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=lastName/);
  await expect(rows(page).first()).toContainText('Baker');
  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=-lastName/);
  await expect(rows(page).first()).toContainText('Hughes');

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Stage is Replied' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).first()).toContainText('Hughes');

  // Removing the chip shows everyone again.
  // A chip is removed with its delete key (or its small cross).
  await page.getByRole('button', { name: 'Stage is Replied' }).press('Delete');
  await expect(rows(page)).toHaveCount(12);
});

test('saves a view and applies it again', async ({ page, request }) => {
  const { token } = await workspaceWithPeople(request);
  await openPeople(
    page,
    token,
    `?filters=${encodeURIComponent(
      JSON.stringify([{ field: 'stage', op: 'equals', value: 'interested' }]),
    )}&sort=-lastName`,
  );
  await expect(rows(page)).toHaveCount(4);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save as a new view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a new view…' });
  await dialog.getByRole('textbox', { name: 'Name of the view' }).fill('Interested people');
  await dialog.getByRole('switch', { name: 'Share with the workspace' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('View “Interested people” saved')).toBeVisible();
  await expect(page).toHaveURL(/view=/);

  await openPeople(page, token);
  await expect(rows(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Interested people' }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByRole('listitem').filter({ hasText: 'Stage is Interested' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Interested people' })).toBeVisible();
});

test('selects rows and adds them to a new list', async ({ page, request }) => {
  const { token, headers } = await workspaceWithPeople(request);
  await openPeople(page, token);

  await page.getByRole('checkbox', { name: /^Select Person01 / }).check();
  await page.getByRole('checkbox', { name: /^Select Person02 / }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 2');

  await page.getByRole('button', { name: 'Add to list' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'List' }).click();
  await page.getByRole('option', { name: 'A new list…' }).click();
  const listName = `Hot leads ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name of the new list' }).fill(listName);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done. Records changed: 2')).toBeVisible();
  await expect(page.getByTestId('selected-count')).toHaveCount(0);

  const response = await request.get('/api/lists?kind=people', { headers });
  const lists = (await response.json()) as { name: string; count: number }[];
  expect(lists.find((list) => list.name === listName)?.count).toBe(2);
});

test('imports a CSV and shows the report with the refused rows', async ({ page, request }) => {
  const { token } = await workspaceWithPeople(request, 2);
  await openPeople(page, token);

  const stamp = Date.now().toString(36);
  const csv = [
    'First name,Last name,Email,Title',
    `Ada,Lovelace,ada-${stamp}@example.com,Analyst`,
    `Alan,Turing,alan-${stamp}@example.com,"Researcher, AI"`,
    `Bad,Row,not-an-email,Tester`,
  ].join('\n');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import people from CSV' });
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(
    dialog.getByRole('table', { name: 'Columns of the file and the fields they fill' }),
  ).toBeVisible();
  // The suggested mapping is pre-selected.
  await expect(dialog.getByRole('combobox', { name: 'Field for the column Email' })).toHaveText(
    'E-mail',
  );
  await dialog.getByRole('button', { name: 'Start the import' }).click();

  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report).toContainText('2Created');
  await expect(report).toContainText('1Refused');
  await expect(dialog.getByRole('table', { name: 'Refused rows' })).toContainText('4');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download errors.csv' }).click();
  expect((await download).suggestedFilename()).toBe('errors.csv');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('record-count')).toHaveText('People: 4');
});

test('loads more rows on scroll, selects all matching, changes their stage and exports', async ({
  page,
  request,
}) => {
  const { token, headers } = await workspaceWithPeople(request, 130);
  const countWhere = async (filters: unknown[]) => {
    const response = await request.get(
      `/api/people/count?filters=${encodeURIComponent(JSON.stringify(filters))}`,
      { headers },
    );
    return ((await response.json()) as { count: number }).count;
  };
  await openPeople(page, token);
  await expect(page.getByTestId('record-count')).toHaveText('People: 130');
  // Only a window of the rows is in the page.
  expect(await rows(page).count()).toBeLessThanOrEqual(90);

  // The loaded rows (the first page), then every matching row as a filter selection.
  await page.getByRole('checkbox', { name: 'Select the loaded rows' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 100');
  await page.getByRole('button', { name: 'Select all 130 matching' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 130');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Tag' }).fill('vip');
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done. Records changed: 130')).toBeVisible();
  expect(await countWhere([{ field: 'tags', op: 'has_any', value: ['vip'] }])).toBe(130);

  // Scrolling to the end of the first page loads the next one by cursor; the last person (the
  // oldest) shows once the table is scrolled to the new end.
  const lastRow = page.getByRole('checkbox', { name: /^Select Person00 / });
  await expect
    .poll(
      async () => {
        await page
          .getByTestId('record-table')
          .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return lastRow.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  expect(await rows(page).count()).toBeLessThanOrEqual(90);

  // A search, the rows it matches, and a stage for them.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Engineer');
  await expect(page.getByTestId('record-count')).toHaveText('People: 65');
  await page.getByRole('checkbox', { name: 'Select the loaded rows' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('Selected: 65');
  await page.getByRole('button', { name: 'Change stage' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Do not contact' }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done. Records changed: 65')).toBeVisible();
  expect(await countWhere([{ field: 'stage', op: 'equals', value: 'do_not_contact' }])).toBe(65);

  // The export is the current view: its search and its columns.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('people.csv');
  const text = readFileSync(await file.path(), 'utf8');
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(header).toBe(
    'First name,Last name,Email,Job title,Company,Stage,Owner email,Last activity',
  );
  expect(lines).toHaveLength(65);
});

test('shows the companies table and opens a company from its name', async ({ page, request }) => {
  const { token, headers } = await newWorkspace(request);
  const created = await request.post('/api/companies', {
    headers,
    data: { name: 'Northwind Traders', domain: `northwind-${Date.now().toString(36)}.example` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { id: string };

  await openWithToken(page, token, '/dashboard/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('record-count')).toHaveText('Companies: 1');
  await page.getByRole('link', { name: 'Northwind Traders' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${company.id}$`));
});

test('shows the empty state with create and import for a new workspace', async ({
  page,
  request,
}) => {
  const { token, headers } = await newWorkspace(request);
  const created = await request.post('/api/companies', {
    headers,
    data: { name: 'Initech', domain: `initech-${Date.now().toString(36)}.example` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { id: string };
  await openWithToken(page, token, '/dashboard/people');
  await expect(page.getByText('No people yet')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('main').getByRole('button', { name: 'New person' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'New person' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not an e-mail');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Not an e-mail address')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('grace@example.com');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Grace');
  // The company is found by searching the workspace's companies.
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Init');
  await page.getByRole('option', { name: /Initech/ }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Person created')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  const people = (await (await request.get('/api/people', { headers })).json()) as {
    items: { email: string; companyId: string | null }[];
  };
  expect(people.items).toMatchObject([{ email: 'grace@example.com', companyId: company.id }]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe: the people page (${mode})`, async ({ page, request, baseURL }) => {
    const { token } = await workspaceWithPeople(request, 6);
    if (mode === 'dark') {
      await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
    }
    await openPeople(page, token);
    await page.getByRole('checkbox', { name: /^Select Person01 / }).check();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`axe: the companies page (${mode})`, async ({ page, request, baseURL }) => {
    const { token, headers } = await newWorkspace(request);
    for (const name of ['Northwind Traders', 'Contoso']) {
      const created = await request.post('/api/companies', {
        headers,
        data: {
          name,
          domain: `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}.example`,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    if (mode === 'dark') {
      await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
    }
    await openWithToken(page, token, '/dashboard/companies');
    await expect(page.getByTestId('record-row')).toHaveCount(2, { timeout: 30_000 });
    await page.getByTestId('record-row').first().getByRole('checkbox').check();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
}

test('adds people one after another from the quick-add row', async ({ page, request }) => {
  const { token } = await newWorkspace(request);
  await openWithToken(page, token, '/dashboard/people');
  await expect(page.getByText('No people yet')).toBeVisible({ timeout: 30_000 });
  const quickAdd = page.getByRole('form', { name: 'Quick add a person' });
  for (const [first, last] of [
    ['Grace', 'Hopper'],
    ['Alan', 'Turing'],
  ] as const) {
    await quickAdd.getByRole('textbox', { name: 'First name' }).fill(first);
    await quickAdd.getByRole('textbox', { name: 'Last name' }).fill(last);
    await quickAdd
      .getByRole('textbox', { name: 'E-mail' })
      .fill(`${first.toLowerCase()}@example.com`);
    await page.keyboard.press('Enter');
    await expect(rows(page).first()).toContainText(`${first} ${last}`);
    await expect(quickAdd.getByRole('textbox', { name: 'First name' })).toBeFocused();
  }
  await expect(page.getByTestId('record-count')).toHaveText('People: 2');
  // This tab's own additions are not "changed elsewhere": give their realtime messages time to
  // arrive, then no notice.
  await page.waitForTimeout(1500);
  await expect(page.getByText('Records changed elsewhere since this table was read.')).toHaveCount(
    0,
  );
  await page.reload();
  await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
});
