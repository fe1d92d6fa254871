import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

/*
 * axe on the screens an outside check flagged (issue 8): the views menu open over the people
 * table (`aria-required-children`), the stage chips of a person and of a list
 * (`color-contrast`), and the calendar's week and day views (`scrollable-region-focusable`),
 * each in light and dark.
 */

test.describe.configure({ timeout: 120_000 });

const STAGES = ['approaching', 'replied', 'interested', 'not_interested', 'do_not_contact'];

async function workspace(request: APIRequestContext) {
  const { token, headers } = await newWorkspace(request);
  const ids: string[] = [];
  for (const [i, stage] of STAGES.entries()) {
    const response = await request.post('/api/people', {
      headers,
      data: {
        firstName: `Person${i}`,
        lastName: 'Axe',
        email: `axe${i}-${Date.now().toString(36)}@example.com`,
        stage,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return { token, headers, ids };
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}

async function useMode(page: Page, mode: 'light' | 'dark', baseURL: string | undefined) {
  if (mode === 'dark') {
    await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
  }
}

for (const mode of ['light', 'dark'] as const) {
  test(`axe: the people table with the views menu open (${mode})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { token } = await workspace(request);
    await useMode(page, mode, baseURL);
    await openWithToken(page, token, '/dashboard/people');
    await expect(page.getByTestId('record-row')).toHaveCount(STAGES.length, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Views' }).click();
    await expect(page.getByRole('menuitem', { name: 'Save as a new view…' })).toBeVisible();
    // The menu grows in: axe measures contrast on what is drawn, so wait until it is opaque.
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await expectNoSeriousViolations(page);
  });

  test(`axe: a person's stage chip (${mode})`, async ({ page, request, baseURL }) => {
    const { token, ids } = await workspace(request);
    await useMode(page, mode, baseURL);
    // Not interested: the warning tone, the one that read 2.3:1.
    await openWithToken(page, token, `/dashboard/people/${ids[3]}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Person3 Axe' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Not interested').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test(`axe: a list's stage chips (${mode})`, async ({ page, request, baseURL }) => {
    const { token, headers, ids } = await workspace(request);
    const created = await request.post('/api/lists', {
      headers,
      data: { name: 'Axe list', kind: 'people' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const list = (await created.json()) as { id: string };
    const added = await request.post(`/api/lists/${list.id}/items`, {
      headers,
      data: { selection: { ids } },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    await useMode(page, mode, baseURL);
    await openWithToken(page, token, `/dashboard/lists/${list.id}`);
    await expect(page.getByText('Not interested').first()).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
  });

  for (const view of ['Week', 'Day'] as const) {
    test(`axe: the calendar's ${view.toLowerCase()} view (${mode})`, async ({
      page,
      request,
      baseURL,
    }) => {
      const { token } = await newWorkspace(request);
      await useMode(page, mode, baseURL);
      await openWithToken(page, token, '/dashboard/calendar');
      await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByRole('button', { name: view, exact: true }).click();
      await expect(page.locator('.fc-timegrid-slots').first()).toBeVisible();
      // The scrolled hours can be reached from the keyboard, and say what they are.
      const scroller = page.getByRole('region', { name: /hours/i });
      await expect(scroller).toHaveAttribute('tabindex', '0');
      // It scrolls, and starts at the working day rather than at midnight.
      expect(
        await scroller.evaluate((element) => element.scrollHeight > element.clientHeight),
      ).toBe(true);
      await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      await expectNoSeriousViolations(page);
    });
  }
}
