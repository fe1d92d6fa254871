import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// Whole screens against the real server: several round trips each.
test.describe.configure({ timeout: 120_000 });

/** A workspace of its own with one person at one company, made through the API. */
async function workspaceWithPerson(request: APIRequestContext) {
  const { token, headers } = await newWorkspace(request);
  const company = await request.post('/api/companies', {
    headers,
    data: { name: 'Northwind Traders', domain: `nw-${Date.now().toString(36)}.example.com` },
  });
  expect(company.status(), await company.text()).toBe(201);
  const { id: companyId } = (await company.json()) as { id: string };
  const person = await request.post('/api/people', {
    headers,
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${Date.now().toString(36)}@example.com`,
      phones: ['+44 20 7946 0000'],
      jobTitle: 'Analyst',
      companyId,
      timeZone: 'Europe/London',
    },
  });
  expect(person.status(), await person.text()).toBe(201);
  const { id } = (await person.json()) as { id: string };
  return { token, headers, id, companyId };
}

async function openPerson(page: Page, token: string, id: string) {
  await openWithToken(page, token, `/dashboard/people/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible({
    timeout: 30_000,
  });
}

const timeline = (page: Page) => page.getByRole('tabpanel');

test('open a person, edit a field and see the change on the timeline', async ({
  page,
  request,
}) => {
  const { token, id, companyId } = await workspaceWithPerson(request);
  await openPerson(page, token, id);

  // The header: title at company, linking to it; e-mail as a mailto link; local time.
  await expect(page.getByRole('link', { name: 'Northwind Traders' }).first()).toHaveAttribute(
    'href',
    `/dashboard/companies/${companyId}`,
  );
  await expect(page.getByRole('link', { name: /^Send an e-mail to ada-/ })).toHaveAttribute(
    'href',
    /^mailto:ada-/,
  );
  await expect(page.getByText(/Local time:/)).toBeVisible();
  await expect(timeline(page).getByText(/created this record/)).toBeVisible();

  // A field saved on Enter, checked first against the contract.
  const title = page.getByRole('textbox', { name: 'Job title' });
  await title.fill('Chief Analyst');
  await title.press('Enter');
  const change = timeline(page).getByRole('listitem').filter({ hasText: 'changed Job title' });
  await expect(change).toBeVisible();
  await expect(change.getByText('Analyst', { exact: true })).toBeVisible();
  await expect(change.getByText('Chief Analyst', { exact: true })).toBeVisible();

  const linkedin = page.getByRole('textbox', { name: 'LinkedIn' });
  await linkedin.fill('not a url');
  await linkedin.press('Enter');
  await expect(page.getByText(/Use an http\(s\) address/)).toBeVisible();

  // The stage from the header's menu.
  await page.getByRole('button', { name: 'Change stage' }).click();
  await page.getByRole('menuitem', { name: 'Interested', exact: true }).click();
  await expect(
    timeline(page).getByRole('listitem').filter({ hasText: 'changed Stage' }),
  ).toContainText('Interested');

  // The vCard downloads as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download vCard' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.vcf$/);

  // Still there after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue('Chief Analyst', {
    timeout: 30_000,
  });
  // The company card leads to the company page, which lists its people.
  await page.getByRole('link', { name: 'Northwind Traders' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'People' }).getByRole('link', { name: 'Ada Lovelace' }),
  ).toBeVisible();
});

test('add a note with rich text, edit it and delete it', async ({ page, request }) => {
  const { token, id } = await workspaceWithPerson(request);
  await openPerson(page, token, id);

  const editor = page.getByRole('textbox', { name: 'New note' });
  await editor.fill('Met at the fair. ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Budget approved');
  await editor.press('End');
  await editor.press('Enter');
  await editor.pressSequentially('- call back [site](https://example.com) <b>x</b>');
  await page.getByRole('button', { name: 'Add note' }).click();

  const note = timeline(page).getByRole('listitem').filter({ hasText: 'added a note' });
  await expect(note.locator('strong')).toHaveText('Budget approved');
  await expect(note.getByRole('link', { name: 'site' })).toHaveAttribute(
    'href',
    'https://example.com/',
  );
  await expect(note.getByText('<b>x</b>', { exact: false })).toBeVisible();
  await expect(note.locator('b')).toHaveCount(0);

  // The Notes tab shows only notes.
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(note).toHaveCount(1);
  await expect(timeline(page).getByText(/created this record/)).toHaveCount(0);

  await note.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('textbox', { name: 'Edit the note' });
  await edit.fill('Budget **confirmed**');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(timeline(page).locator('strong')).toHaveText('confirmed');

  await timeline(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(timeline(page).getByText(/No notes yet/)).toBeVisible();
});

test('a person that does not exist says so', async ({ page, request }) => {
  const { token } = await newWorkspace(request);
  await openWithToken(page, token, '/dashboard/people/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Person not found' })).toBeVisible({
    timeout: 30_000,
  });
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe: the person page (${mode})`, async ({ page, request, baseURL }) => {
    const { token, id } = await workspaceWithPerson(request);
    if (mode === 'dark') {
      await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
    }
    await openPerson(page, token, id);
    await expect(timeline(page).getByText(/created this record/)).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
}

test('the person page and the people table follow changes made elsewhere, without a reload', async ({
  page,
  request,
  browser,
}) => {
  const { token, headers, id } = await workspaceWithPerson(request);
  await openPerson(page, token, id);
  await expect(page.getByText('Analyst').first()).toBeVisible();
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

  const other = await browser.newContext();
  const table = await other.newPage();
  try {
    await openWithToken(table, token, '/dashboard/people');
    await expect(table.getByTestId('record-row')).toHaveCount(1, { timeout: 30_000 });

    // Elsewhere (here, the API): the person's title changes, a note is added, a person is added.
    const patched = await request.patch(`/api/people/${id}`, {
      headers,
      data: { jobTitle: 'Chief Analyst' },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const note = await request.post(`/api/people/${id}/notes`, {
      headers,
      data: { body: 'Called from the other office' },
    });
    expect(note.status(), await note.text()).toBe(201);
    const created = await request.post('/api/people', {
      headers,
      data: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The person page reads itself again: the new title and the note on the timeline.
    await expect(page.getByText('Chief Analyst').first()).toBeVisible({ timeout: 10_000 });
    await expect(timeline(page).getByText('Called from the other office')).toBeVisible();
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);

    // The table says so, and reads itself again when asked.
    const notice = table.getByText('Records changed elsewhere since this table was read.');
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await table.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByTestId('record-row')).toHaveCount(2);
    await expect(notice).toHaveCount(0);
  } finally {
    await other.close();
  }
});
