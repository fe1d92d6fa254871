import { openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/** The person, company, lists and list pages of the demo workspace, whole. */
test('the record pages', async ({ page, request, baseURL }) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const people = (await (
    await request.get('/api/people?limit=1&sort=-lastActivityAt', { headers })
  ).json()) as { items: { id: string; companyId: string | null }[] };
  const lists = (await (await request.get('/api/lists?kind=people', { headers })).json()) as {
    id: string;
  }[];
  const person = people.items[0];
  if (!person) throw new Error('the demo workspace has no people');
  const pages = {
    person: `/dashboard/people/${person.id}`,
    company: `/dashboard/companies/${person.companyId ?? ''}`,
    lists: '/dashboard/lists',
    list: `/dashboard/lists/${lists[0]?.id ?? ''}`,
  };
  for (const [name, path] of Object.entries(pages)) {
    for (const width of WIDTHS) {
      for (const mode of MODES) {
        for (const lng of LANGUAGES) {
          await display(page, baseURL, { width, mode, lng });
          await openWithToken(page, token, `${path}?lng=${lng}`);
          await settled(page);
          await page.screenshot({
            path: `${directory}/${name}-${width}-${mode}-${lng}.png`,
            fullPage: true,
          });
        }
      }
    }
  }
});
