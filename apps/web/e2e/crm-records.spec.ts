import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// Whole screens against the real server: several round trips each.
test.describe.configure({ timeout: 120_000 });

/*
 * What a new user ran into (issue 8): a duplicate made silently, no screen for the merge, Ctrl K
 * finding no records, and a word in the address shown as an error. Each test has a workspace of
 * its own.
 */

async function workspace(request: APIRequestContext) {
  const { token, headers } = await newWorkspace(request);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  return { token, post };
}

test('Ctrl K finds people and companies by name and opens them', async ({ page, request }) => {
  const { token, post } = await workspace(request);
  const ada = await post('/api/people', {
    firstName: 'Ada',
    lastName: 'Quenneville',
    email: 'ada@quenneville.test',
  });
  await post('/api/companies', { name: 'Quenneville Works', domain: 'quenneville.test' });
  await openWithToken(page, token, '/dashboard/app');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search pages and records' });
  await dialog.getByRole('combobox').fill('quenneville');
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText('Ada Quenneville');
  await expect(options.nth(0)).toContainText('People');
  await expect(options.nth(1)).toContainText('Quenneville Works');
  await expect(options.nth(1)).toContainText('Companies');
  await dialog.getByRole('combobox').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/people/${ada.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Quenneville' })).toBeVisible();
});

test('adding a person whose e-mail is taken names who has it; adding anyway is a choice', async ({
  page,
  request,
}) => {
  const { token, post } = await workspace(request);
  const ann = await post('/api/people', { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.test' });
  await openWithToken(page, token, '/dashboard/people');
  await expect(page.getByTestId('record-count')).toHaveText('People: 1', { timeout: 30_000 });

  await page.getByRole('button', { name: 'New person' }).click();
  const dialog = page.getByRole('dialog', { name: 'New person' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Annie');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ANN@x.test');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Ann Lee already has the e-mail ann@x.test')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open Ann Lee' })).toHaveAttribute(
    'href',
    `/dashboard/people/${ann.id}`,
  );
  // Nothing was added.
  await expect(page.getByTestId('record-count')).toHaveText('People: 1');

  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('record-row')).toHaveCount(2);
});

test('the duplicates page merges two people into the one kept', async ({ page, request }) => {
  const { token, post } = await workspace(request);
  await post('/api/people', { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.test' });
  const annie = await post('/api/people', {
    firstName: 'Annie',
    lastName: 'Lee',
    email: 'ann@x.test',
    jobTitle: 'CEO',
    allowDuplicate: true,
  });
  await openWithToken(page, token, '/dashboard/people');
  await page.getByRole('link', { name: 'Duplicates' }).click();
  await expect(page).toHaveURL(/\/dashboard\/people\/duplicates$/);
  const group = page.getByRole('region', { name: 'Same e-mail: ann@x.test' });
  await expect(group.getByRole('row')).toHaveCount(3);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);

  await group.getByRole('radio', { name: 'Keep Annie Lee' }).check();
  await group.getByRole('button', { name: 'Merge into the person kept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Merge these people?' });
  await expect(confirm).toContainText('will be merged into Annie Lee');
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(/No likely duplicates/)).toBeVisible();

  await page.goto(`/dashboard/people/${annie.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Annie Lee' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue('CEO');
});

test('a word where a person’s id belongs shows the not-found page', async ({ page, request }) => {
  const { token } = await workspace(request);
  await openWithToken(page, token, '/dashboard/people/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Person not found' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Not a record id')).toHaveCount(0);
});
