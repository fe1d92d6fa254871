import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CONTRIBUTOR_EMAIL, mainMenu, openDashboard, tokenFor } from './shell-session.ts';

// The two panels of issue 10: who may open them, the admin's settings as the shell shows them,
// and what the contributor panel holds.

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const VIEWER_EMAIL = 'omar.haddad@beacon.local';

async function renameWorkspace(request: APIRequestContext, name: string) {
  const token = await tokenFor(request);
  const response = await request.patch('/api/workspace', {
    headers: { authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(response.status()).toBe(200);
}

test('a viewer is sent away from the contributor panel, and has no item for it', async ({
  page,
  request,
}) => {
  await openDashboard(page, request, { email: VIEWER_EMAIL });
  await expect(mainMenu(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: /Contributor panel/ })).toHaveCount(0);
  await page.goto('/dashboard/contributor-panel');
  await expect(page).toHaveURL(/\/dashboard\/permission-denied$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Permission denied' })).toBeVisible();
  await expect(page.getByText('You are signed in as: Viewer')).toBeVisible();
});

test('a contributor opens the contributor panel: tags, pipelines, templates, views, history', async ({
  page,
  request,
}) => {
  await openDashboard(page, request, { email: CONTRIBUTOR_EMAIL });
  await mainMenu(page)
    .getByRole('link', { name: /Contributor panel/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/contributor-panel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contributor panel' })).toBeVisible();
  const tags = page.getByRole('table', { name: 'Tags' });
  await expect(tags.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pipelines and stages' })).toContainText('Default');
  await expect(page.getByRole('list', { name: 'E-mail templates and snippets' })).toContainText(
    'First touch',
  );
  await expect(page.getByRole('heading', { name: 'Shared views' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Imports and exports' })).toBeVisible();
  // The pipeline editor of the deals opens from here.
  await page
    .getByRole('list', { name: 'Pipelines and stages' })
    .getByRole('button', { name: 'Edit' })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('an admin renames the workspace and the shell shows the new name', async ({
  page,
  request,
}) => {
  await openDashboard(page, request, { path: '/dashboard/admin-panel' });
  const name = page.getByRole('textbox', { name: /Workspace name/ });
  await expect(name).toHaveValue(/.+/);
  const before = await name.inputValue();
  try {
    await name.fill('Southwind Traders');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(mainMenu(page).getByText('Southwind Traders')).toBeVisible();
    await expect(
      page.getByText('The settings, members and audit log of Southwind Traders.'),
    ).toBeVisible();
    // The change is in the audit log at once.
    const audit = page.getByRole('table', { name: 'Audit log' });
    await expect(audit.getByRole('row').nth(1)).toContainText('Settings changed');
  } finally {
    await renameWorkspace(request, before);
  }
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe: both panels in ${mode} mode`, async ({ page, request, baseURL }) => {
    if (mode === 'dark') {
      await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
    }
    for (const path of ['/dashboard/admin-panel', '/dashboard/contributor-panel']) {
      await openDashboard(page, request, { path });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes[0]?.html}`)).toEqual([]);
    }
  });
}
