import { readFileSync } from 'node:fs';
import { openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/*
 * The screens the "legacy" change touched (docs/decisions/050): a deal's page (its timeline and
 * notes, the Tasks card), a person's page, the calendar's feed dialog, the sign-in page and the
 * home page's chart. `SHOTS_PREFIX` names a set (before / after a fix).
 */
/** The calendar's "Subscribe" button, in `lng`. */
function subscribeLabel(lng: string): string {
  const file = new URL(`../public/locales/${lng}/calendar.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { actions: { subscribe: string } }).actions
    .subscribe;
}

test('the legacy change screens', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const prefix = process.env.SHOTS_PREFIX ?? 'legacy';
  // `SHOTS_ONLY=home,sign-in`: only those screens (a quicker look after a fix).
  const only = process.env.SHOTS_ONLY?.split(',');
  const wanted = (what: string) => !only || only.includes(what);
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const board = (await (await request.get('/api/deals/board', { headers })).json()) as {
    columns: { deals: { id: string }[] }[];
  };
  const dealId = board.columns.flatMap((column) => column.deals)[0]?.id;
  if (!dealId) throw new Error('The demo workspace has no deal');
  await request.post(`/api/deals/${dealId}/notes`, {
    headers,
    data: { body: 'Called **Nina**: she wants the proposal by Friday.' },
  });
  const people = (await (await request.get('/api/people?limit=1', { headers })).json()) as {
    items: { id: string }[];
  };
  const pages: Record<string, string> = {
    deal: `/dashboard/deals/${dealId}`,
    person: `/dashboard/people/${people.items[0]!.id}`,
    home: '/dashboard',
  };
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = (what: string) => `${directory}/${prefix}-${what}-${width}-${mode}-${lng}.png`;
        await display(page, baseURL, { width, mode, lng });
        for (const [what, path] of Object.entries(pages)) {
          if (!wanted(what)) continue;
          await openWithToken(page, token, `${path}?lng=${lng}`);
          await settled(page);
          await page.screenshot({ path: name(what), fullPage: true });
          // Closer looks: the deal's Tasks card under its Details card, the home page's charts.
          if (what === 'deal') {
            await page.getByTestId('deal-tasks').screenshot({ path: name('deal-tasks-card') });
          }
          if (what === 'home') {
            const charts = page.locator('.MuiChartsSurface-root');
            for (let n = 0; n < (await charts.count()); n += 1) {
              await charts.nth(n).screenshot({ path: name(`home-chart-${n}`) });
            }
          }
        }
        if (wanted('calendar-feed')) {
          await openWithToken(page, token, `/dashboard/calendar?lng=${lng}`);
          await settled(page);
          await page.getByRole('button', { name: subscribeLabel(lng), exact: true }).click();
          await page.getByRole('dialog').waitFor();
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(400);
          await page.screenshot({ path: name('calendar-feed') });
        }
        if (!wanted('sign-in')) continue;

        // Signed out: the sign-in page.
        await page.context().clearCookies();
        await display(page, baseURL, { width, mode, lng });
        await page.goto(`/auth/login?lng=${lng}`);
        await page.evaluate(() => localStorage.clear());
        await page.goto(`/auth/login?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('sign-in'), fullPage: true });
        await page.locator('.bk-demo').screenshot({ path: name('sign-in-demo') });
      }
    }
  }
});
