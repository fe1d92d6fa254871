import { openWithToken, test } from '../e2e/fixtures.ts';
import {
  LANGUAGES,
  MODES,
  WIDTHS,
  demoToken,
  display,
  settled,
  shotsDirectory,
  type Language,
} from './shots.ts';

// French too: the default pipeline and stages are shown in the reader's language (record 037).
const DEAL_LANGUAGES = [...LANGUAGES, 'fr'] as unknown as Language[];

/** The deals board, table and a deal page of the demo workspace, with a few deals added. */
test('the deals screens', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const board = (await (await request.get('/api/deals/board', { headers })).json()) as {
    pipeline: { stages: { id: string; kind: string }[] };
  };
  const companies = (await (await request.get('/api/companies?limit=12', { headers })).json()) as {
    items: { id: string; name: string }[];
  };
  const today = new Date();
  const day = (months: number, date: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, date))
      .toISOString()
      .slice(0, 10);
  let first = '';
  const names = ['Pilot', 'Renewal', 'Expansion', 'Upgrade', 'Onboarding', 'Support plan'];
  for (let i = 0; i < 12; i += 1) {
    const company = companies.items[i % Math.max(1, companies.items.length)];
    const stage = board.pipeline.stages[i % 4];
    const response = await request.post('/api/deals', {
      headers,
      data: {
        name: `${company?.name ?? 'Acme'} ${names[i % names.length]}`,
        amount: (i + 1) * 375_000,
        currency: i % 5 === 4 ? 'USD' : 'EUR',
        expectedCloseDate: day(i % 4, 5 + i),
        companyId: company?.id ?? null,
        stageId: stage?.id,
      },
    });
    const deal = (await response.json()) as { id: string };
    if (!first) first = deal.id;
  }
  const pages = {
    'deals-board': '/dashboard/deals',
    'deals-table': '/dashboard/deals?show=table',
    deal: `/dashboard/deals/${first}`,
  };
  for (const [name, path] of Object.entries(pages)) {
    for (const width of WIDTHS) {
      for (const mode of MODES) {
        for (const lng of DEAL_LANGUAGES) {
          await display(page, baseURL, { width, mode, lng });
          await openWithToken(page, token, `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          await settled(page);
          await page.screenshot({
            path: `${directory}/${name}-${width}-${mode}-${lng}.png`,
            fullPage: true,
          });
        }
      }
    }
  }
  // The pipeline editor, wide and narrow.
  for (const [width, mode, lng] of [
    [1440, 'light', 'en'],
    [390, 'dark', 'ar'],
    [1440, 'dark', 'fr'],
  ] as const) {
    await display(page, baseURL, { width, mode, lng: lng as Language });
    await openWithToken(page, token, `/dashboard/deals?lng=${lng}`);
    await settled(page);
    await page
      .getByRole('button', {
        name: { en: 'Edit pipeline', ar: 'تعديل المسار', fr: 'Modifier le pipeline' }[lng],
      })
      .click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${directory}/deals-editor-${width}-${mode}-${lng}.png` });
  }
});
