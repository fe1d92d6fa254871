import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// The home page on real data: a fresh workspace with a company, a deal, tasks and a meeting.
test.describe.configure({ timeout: 90_000 });

async function seed(request: APIRequestContext, headers: Record<string, string>) {
  const post = async <T>(path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const today = new Date().toISOString().slice(0, 10);
  const acme = await post<{ id: string }>('/api/companies', { name: 'Acme Rockets' });
  await post('/api/deals', {
    name: 'Acme renewal',
    amount: 1_234_500,
    currency: 'EUR',
    companyId: acme.id,
    expectedCloseDate: today,
  });
  await post('/api/tasks', {
    title: 'Call the Acme buyer',
    type: 'call',
    dueAt: new Date(Date.now() - 1000).toISOString(),
    companyId: acme.id,
  });
  await post('/api/tasks', {
    title: 'Send the late proposal',
    type: 'email',
    dueAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  });
  const start = new Date();
  await post('/meetings/events/new', {
    title: 'Acme kickoff',
    start: start.toISOString(),
    end: new Date(Math.min(start.getTime() + 3600_000, endOfDay(start))).toISOString(),
  });
  return { post };
}

/** The last instant of the browser's day (the test runs in the same zone as the browser). */
function endOfDay(date: Date) {
  const end = new Date(date);
  end.setHours(23, 59, 0, 0);
  return end.getTime();
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}

test('the home page shows the member’s day on real data, live, and starts the queue', async ({
  page,
  request,
}) => {
  const { token, headers } = await newWorkspace(request);
  const { post } = await seed(request, headers);
  await openWithToken(page, token, '/dashboard/app');

  const tasks = card(page, 'My tasks');
  await expect(tasks.getByText('Call the Acme buyer')).toBeVisible();
  await expect(tasks.getByText('Send the late proposal')).toBeVisible();
  await expect(tasks.getByRole('link', { name: 'Acme Rockets' })).toBeVisible();

  await expect(card(page, "Today's meetings").getByText('Acme kickoff')).toBeVisible();

  const pipeline = card(page, 'Open deals by stage');
  const qualification = pipeline.getByRole('row', { name: /Qualification/ });
  await expect(qualification).toContainText('€12,345.00');
  await expect(qualification.getByRole('cell').first()).toHaveText('1');
  // The chart is drawn once its library has loaded.
  await expect(pipeline.locator('svg').first()).toBeVisible();

  const closing = card(page, 'Closing this month');
  await expect(closing.getByRole('link', { name: 'Acme renewal' })).toBeVisible();
  await expect(closing.getByText('1 deal · €12,345.00')).toBeVisible();

  await expect(
    card(page, 'Recent activity').getByRole('link', { name: 'Acme renewal' }).first(),
  ).toBeVisible();

  // Another member's (here: the API's) changes arrive without a reload.
  await post('/api/tasks', {
    title: 'Arrived live',
    dueAt: new Date(Date.now() - 2000).toISOString(),
  });
  await expect(tasks.getByText('Arrived live')).toBeVisible();
  await post('/api/deals', { name: 'Second deal', amount: 100_00, currency: 'EUR' });
  await expect(qualification.getByRole('cell').first()).toHaveText('2');
  await expect(qualification).toContainText('€12,445.00');

  await expectNoSeriousViolations(page);

  await tasks.getByRole('link', { name: 'Start queue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tasks\?queue=1$/);
});

test('an empty workspace shows every card empty, in Arabic, right to left and dark', async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await newWorkspace(request);
  await page.context().addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL },
    { name: 'i18next', value: 'ar', url: baseURL },
  ]);
  await openWithToken(page, token, '/dashboard/app?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(card(page, 'مهامي').getByText('لا شيء مستحق اليوم أو متأخر. أحسنت.')).toBeVisible();
  await expect(card(page, 'اجتماعات اليوم').getByText('لا اجتماعات اليوم.')).toBeVisible();
  await expect(
    card(page, 'الصفقات المفتوحة حسب المرحلة').getByText('لا صفقات مفتوحة بعد.'),
  ).toBeVisible();
  await expect(card(page, 'النشاط الأخير').getByText('لا نشاط بعد.')).toBeVisible();
  await expect(
    card(page, 'مهامي').getByRole('link', { name: 'ابدأ قائمة المهام' }),
  ).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousViolations(page);
});

test('the cards keep their place while their answers arrive (no layout shift)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 823 });
  const { token, headers } = await newWorkspace(request);
  await seed(request, headers);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The home calls wait until the page has drawn every card loading.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/home/**', async (route) => {
    await held;
    await route.continue();
  });
  await openWithToken(page, token, '/dashboard/app');
  const cards = page.locator('[data-testid^="home-card-"]');
  await expect(cards).toHaveCount(6);
  const skeletons = cards.getByRole('status', { name: 'Loading' });
  await expect(skeletons).toHaveCount(6);
  const boxes = () =>
    cards.evaluateAll((all) =>
      all.map((el) => {
        const { top, height } = el.getBoundingClientRect();
        return `${el.getAttribute('data-testid')} ${Math.round(top)}+${Math.round(height)}`;
      }),
    );
  const loading = await boxes();
  release();
  await expect(card(page, 'My tasks').getByText('Call the Acme buyer')).toBeVisible();
  await expect(card(page, 'Open deals by stage').locator('svg').first()).toBeVisible();
  await expect(skeletons).toHaveCount(0);
  expect(await boxes()).toEqual(loading);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.05);
});
