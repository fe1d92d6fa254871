import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addTeamMember, drag, expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// Whole screens against the real server: several round trips and drags each.
test.describe.configure({ timeout: 90_000 });
// Every stage of the default pipeline on screen.
test.use({ viewport: { width: 2200, height: 1000 } });

/*
 * The deals board on real data. Each test registers a workspace of its own, which comes with the
 * default pipeline (Qualification, Meeting booked, Proposal, Negotiation, Won, Lost).
 */

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

interface BoardAnswer {
  pipeline: { id: string; stages: { id: string; name: string }[] };
  columns: {
    stage: { id: string; name: string };
    count: number;
    sums: { currency: string; amount: string; weighted: string }[];
    deals: { id: string; name: string }[];
  }[];
}

function api(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    board: async () => {
      const response = await request.get('/api/deals/board', { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as BoardAnswer;
    },
    deal: async (data: Record<string, unknown>) => {
      const response = await request.post('/api/deals', { headers, data });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as { id: string; name: string; stageId: string };
    },
    get: async (id: string) => {
      const response = await request.get(`/api/deals/${id}`, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as {
        deal: { stageId: string; status: string; lostReason: string };
      };
    },
    move: async (id: string, stageId: string) => {
      const response = await request.post(`/api/deals/${id}/move`, {
        headers,
        data: { stageId },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

const stage = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

async function openBoard(page: Page, token: string) {
  await openWithToken(page, token, '/dashboard/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(stage(page, 'Qualification')).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious).toEqual([]);
}

test('drag a deal to another stage: the card moves and both stages’ totals change', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Northwind pilot');
  await client.deal({ name, amount: 1_250_000, currency: 'EUR' });
  await client.deal({ name: unique('Globex renewal'), amount: 300_000, currency: 'EUR' });
  await openBoard(page, token);

  const qualification = stage(page, 'Qualification');
  const meeting = stage(page, 'Meeting booked');
  await expect(card(qualification, name)).toBeVisible();
  await expect(qualification.getByTestId('stage-total')).toContainText('€15,500.00');
  await expect(qualification.getByTestId('stage-count')).toHaveText('2');
  await expect(meeting.getByTestId('stage-total')).toContainText('No amount');

  await drag(page, card(page, name), meeting.getByTestId('stage-deals'));
  await expect(card(meeting, name)).toBeVisible();
  await expect(card(qualification, name)).toHaveCount(0);
  // The totals move with the card: €12,500 leaves Qualification (10 %) for Meeting booked (25 %).
  await expect(qualification.getByTestId('stage-total')).toContainText('€3,000.00');
  await expect(qualification.getByTestId('stage-count')).toHaveText('1');
  await expect(meeting.getByTestId('stage-total')).toContainText('€12,500.00');
  await expect(meeting.getByTestId('stage-weighted')).toContainText('€3,125.00');

  // Saved: the server's board agrees, and so does the board after a reload.
  await expect
    .poll(async () => {
      const board = await client.board();
      const column = board.columns.find((c) => c.stage.name === 'Meeting booked');
      return [column?.count, column?.sums[0]?.amount, column?.deals[0]?.name];
    })
    // Sums are exact decimal strings (record 037).
    .toEqual([1, '1250000', name]);
  await page.reload();
  await expect(card(stage(page, 'Meeting booked'), name)).toBeVisible({ timeout: 30_000 });
  await expect(stage(page, 'Meeting booked').getByTestId('stage-total')).toContainText(
    '€12,500.00',
  );
});

test('move a deal to Lost from the keyboard: the reason is asked for and saved', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Initech upgrade');
  const { id } = await client.deal({ name, amount: 500_000, currency: 'USD' });
  await openBoard(page, token);

  // Lift with space, five stages to the right with the arrow keys, drop with space.
  await card(page, name).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Space');

  const dialog = page.getByRole('dialog', { name: `Why was “${name}” lost?` });
  await expect(dialog).toBeVisible();
  // The reason is required.
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(dialog.getByText('Give the reason')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Lost reason' }).fill('Chose a cheaper tool');
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(stage(page, 'Lost'), name)).toBeVisible();

  await expect
    .poll(async () => {
      const { deal } = await client.get(id);
      return [deal.status, deal.lostReason];
    })
    .toEqual(['lost', 'Chose a cheaper tool']);

  // The deal page tells why, and its history has the move.
  await card(page, name).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Lost: Chose a cheaper tool')).toBeVisible();
  await expect(page.getByText('Qualification → Lost')).toBeVisible();
});

test('cancelling the lost reason puts the deal back where it was', async ({ page, request }) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Umbrella pilot');
  await client.deal({ name, amount: 100_000, currency: 'EUR' });
  await openBoard(page, token);
  await drag(page, card(page, name), stage(page, 'Lost').getByTestId('stage-deals'));
  const dialog = page.getByRole('dialog', { name: `Why was “${name}” lost?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(stage(page, 'Qualification'), name)).toBeVisible();
  await expect(card(stage(page, 'Lost'), name)).toHaveCount(0);
});

test('a deal moved by another member appears moved in a second browser, without a reload', async ({
  page,
  request,
  browser,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Acme expansion');
  const { id } = await client.deal({ name, amount: 2_000_000, currency: 'EUR' });
  const board = await client.board();
  // The second browser is another member of the workspace, signed in as themselves.
  const colleague = await addTeamMember(request, token);

  const other = await browser.newContext({ viewport: { width: 2200, height: 1000 } });
  const otherPage = await other.newPage();
  const otherProblems: string[] = [];
  otherPage.on('pageerror', (error) => otherProblems.push(error.message));
  try {
    await openBoard(page, token);
    await openBoard(otherPage, colleague.token);
    await expect(card(stage(otherPage, 'Qualification'), name)).toBeVisible();
    await expect(otherPage.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await otherPage.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

    await drag(page, card(page, name), stage(page, 'Proposal').getByTestId('stage-deals'));
    await expect(card(stage(page, 'Proposal'), name)).toBeVisible();

    await expect(card(stage(otherPage, 'Proposal'), name)).toBeVisible({ timeout: 5000 });
    await expect(card(stage(otherPage, 'Qualification'), name)).toHaveCount(0);
    await expect(stage(otherPage, 'Proposal').getByTestId('stage-total')).toContainText(
      '€20,000.00',
    );

    // And a move made elsewhere (the API) reaches both.
    await client.move(id, board.pipeline.stages[0]!.id);
    await expect(card(stage(otherPage, 'Qualification'), name)).toBeVisible({ timeout: 5000 });
    await expect(card(stage(page, 'Qualification'), name)).toBeVisible({ timeout: 5000 });
    expect(
      await otherPage.evaluate(() => (window as { stillHere?: boolean }).stillHere),
      'the other page was not reloaded',
    ).toBe(true);
    expect(otherProblems).toEqual([]);
  } finally {
    await other.close();
  }
});

test('axe: the board, the table and the deal page', async ({ page, request }) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Axe deal');
  const { id } = await client.deal({
    name,
    amount: 990_000,
    currency: 'EUR',
    expectedCloseDate: new Date().toISOString().slice(0, 10),
  });
  await openBoard(page, token);
  await expect(card(page, name)).toBeVisible();
  await expect(page.getByTestId('deals-forecast')).toContainText('€990');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page);

  await page.goto(`/dashboard/deals/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Created in Qualification')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the deals table: a stage filter, a bulk stage change and the export', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const names = [unique('Alpha deal'), unique('Beta deal'), unique('Gamma deal')];
  for (const [i, name] of names.entries()) {
    await client.deal({ name, amount: (i + 1) * 100_000, currency: 'EUR' });
  }
  await openWithToken(page, token, '/dashboard/deals?show=table');
  const rows = page.getByTestId('record-row');
  await expect(page.getByTestId('record-count')).toHaveText('Deals: 3', { timeout: 30_000 });
  await expect(rows.first()).toContainText('€');

  // Two deals to Proposal at once.
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
  await page.getByRole('button', { name: 'Change stage' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Proposal', exact: true }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done. Records changed: 2')).toBeVisible();

  // The filter "Stage is Proposal" finds them, by the stage's name.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Stage', exact: true }).click();
  await page.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Proposal', exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Stage is Proposal' })).toBeVisible();
  await expect(page.getByTestId('record-count')).toHaveText('Deals: 2');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Proposal');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/deals.*\.csv$/);

  // The board agrees.
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(card(stage(page, 'Proposal'), names[0]!)).toBeVisible({ timeout: 30_000 });
  await expect(stage(page, 'Proposal').getByTestId('stage-count')).toHaveText('2');
});

test('a company page lists its deals and adds one for it', async ({ page, request }) => {
  const { token, headers } = await newWorkspace(request);
  const client = api(request, token);
  const companyName = unique('Wayne Enterprises');
  const created = await request.post('/api/companies', { headers, data: { name: companyName } });
  expect(created.status(), await created.text()).toBe(201);
  const company = (await created.json()) as { id: string };
  const name = unique('Wayne security audit');
  await client.deal({ name, amount: 750_000, currency: 'EUR', companyId: company.id });

  await openWithToken(page, token, `/dashboard/companies/${company.id}?tab=deals`);
  const deals = page.getByTestId('related-deals');
  await expect(deals.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
  await expect(deals).toContainText('€7,500.00');

  // A new deal from the company's page is the company's.
  await deals.getByRole('button', { name: 'New deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New deal' });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(companyName);
  const second = unique('Wayne renewal');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(second);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('1,200.50');
  await dialog.getByRole('button', { name: 'Add deal' }).click();
  await expect(dialog).toBeHidden();
  await expect(deals.getByRole('link', { name: second })).toBeVisible();
  await expect(deals).toContainText('€1,200.50');
});

test('a person page lists the deals they take part in and adds one with them in it', async ({
  page,
  request,
}) => {
  const { token, headers } = await newWorkspace(request);
  const client = api(request, token);
  const created = await request.post('/api/people', {
    headers,
    data: { firstName: 'Diana', lastName: unique('Prince') },
  });
  expect(created.status(), await created.text()).toBe(201);
  const person = (await created.json()) as { id: string };
  const name = unique('Themyscira rollout');
  await client.deal({
    name,
    amount: 4_200_000,
    currency: 'EUR',
    people: [{ personId: person.id, role: 'champion' }],
  });
  // A deal without them stays off their page.
  const elsewhere = unique('Gotham pilot');
  await client.deal({ name: elsewhere, amount: 100, currency: 'EUR' });

  await openWithToken(page, token, `/dashboard/people/${person.id}?tab=deals`);
  const deals = page.getByTestId('related-deals');
  await expect(deals.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
  await expect(deals).toContainText('€42,000.00');
  await expect(deals.getByRole('link', { name: elsewhere })).toHaveCount(0);

  // A new deal from the person's page has them among its people.
  await deals.getByRole('button', { name: 'New deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New deal' });
  const second = unique('Themyscira support');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(second);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('99');
  await dialog.getByRole('button', { name: 'Add deal' }).click();
  await expect(dialog).toBeHidden();
  const link = deals.getByRole('link', { name: second });
  await expect(link).toBeVisible();
  const id = (await link.getAttribute('href'))!.split('/').at(-1)!;
  const detail = (await (await request.get(`/api/deals/${id}`, { headers })).json()) as {
    deal: { people: { personId: string }[] };
  };
  expect(detail.deal.people.map((p) => p.personId)).toEqual([person.id]);
});

test('edit the pipeline: rename a stage, and delete one holding deals after saying where they go', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Soylent trial');
  await client.deal({ name, amount: 200_000, currency: 'EUR' });
  await openBoard(page, token);

  await page.getByRole('button', { name: 'Edit pipeline' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit pipeline' });
  const qualification = editor.getByRole('listitem', { name: 'Qualification' });
  const stageName = qualification.getByRole('textbox', { name: 'Stage name' });
  await stageName.fill('Discovery');
  await stageName.press('Tab');
  await expect(editor.getByRole('listitem', { name: 'Discovery' })).toBeVisible();

  // Discovery holds the deal: deleting it asks where the deal goes.
  await editor
    .getByRole('listitem', { name: 'Discovery' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Delete the stage Discovery?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('combobox', { name: 'Move its deals to' }).click();
  await page.getByRole('option', { name: 'Proposal', exact: true }).click();
  await ask.getByRole('button', { name: 'Move deals and delete' }).click();
  await expect(ask).toBeHidden();
  await expect(editor.getByRole('listitem', { name: 'Discovery' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Done' }).click();

  await expect(stage(page, 'Discovery')).toHaveCount(0);
  await expect(card(stage(page, 'Proposal'), name)).toBeVisible();
  const board = await client.board();
  expect(board.columns.map((c) => c.stage.name)).toEqual([
    'Meeting booked',
    'Proposal',
    'Negotiation',
    'Won',
    'Lost',
  ]);
});

test('a stage with more deals than its first page loads the rest as it scrolls', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  const prefix = unique('Bulk deal');
  for (let i = 0; i < 23; i += 1) {
    await client.deal({
      name: `${prefix} ${String(i).padStart(2, '0')}`,
      amount: 1_000,
      currency: 'EUR',
    });
  }
  await openBoard(page, token);
  const qualification = stage(page, 'Qualification');
  await expect(qualification.getByTestId('stage-count')).toHaveText('23');
  // The first page: 20 cards, and the figures of all 23.
  await expect(qualification.getByTestId('deal-card')).toHaveCount(20);
  await expect(qualification.getByTestId('stage-total')).toContainText('€230.00');
  await qualification.getByTestId('stage-deals').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(qualification.getByTestId('deal-card')).toHaveCount(23);
  await expect(qualification.getByRole('button', { name: /Show .* more/ })).toHaveCount(0);
});

test('import deals from a CSV file in the table: stage by name, amount in the major unit', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const client = api(request, token);
  await client.deal({ name: unique('Existing deal'), amount: 100, currency: 'EUR' });
  const first = unique('Imported pilot');
  const csv = [
    'Name,Stage,Amount,Currency',
    `${first},Proposal,"1,250.50",EUR`,
    `${unique('Imported renewal')},Negotiation,300,USD`,
  ].join('\n');
  await openWithToken(page, token, '/dashboard/deals?show=table');
  await expect(page.getByTestId('record-count')).toHaveText('Deals: 1', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import deals from CSV' });
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'deals.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Field for the column Stage' })).toHaveText(
    'Stage',
  );
  await dialog.getByRole('button', { name: 'Start the import' }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report).toContainText('2Created');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('record-count')).toHaveText('Deals: 3');

  const board = await client.board();
  const proposal = board.columns.find((c) => c.stage.name === 'Proposal');
  expect(proposal?.deals.map((d) => d.name)).toEqual([first]);
  expect(proposal?.sums).toEqual([{ currency: 'EUR', amount: '125050', weighted: '62525' }]);
});

test('the deal page and the deals table follow changes made elsewhere, without a reload', async ({
  page,
  request,
}) => {
  const { token, headers } = await newWorkspace(request);
  const client = api(request, token);
  const name = unique('Stark pilot');
  const { id } = await client.deal({ name, amount: 400_000, currency: 'EUR' });

  await openWithToken(page, token, `/dashboard/deals/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
  // Another member changes the amount, then moves the deal on their board.
  const patched = await request.patch(`/api/deals/${id}`, { headers, data: { amount: 650_000 } });
  expect(patched.status(), await patched.text()).toBe(200);
  await expect(page.getByTestId('deal-page-amount')).toHaveText('€6,500.00', { timeout: 5000 });
  const board = await client.board();
  await client.move(id, board.pipeline.stages.find((s) => s.name === 'Proposal')!.id);
  await expect(page.getByText('Qualification → Proposal')).toBeVisible({ timeout: 5000 });
  expect(
    await page.evaluate(() => (window as { stillHere?: boolean }).stillHere),
    'the page was not reloaded',
  ).toBe(true);

  // The table offers to read itself again when deals change elsewhere.
  await page.goto('/dashboard/deals?show=table');
  await expect(page.getByTestId('record-count')).toHaveText('Deals: 1', { timeout: 30_000 });
  await client.deal({ name: unique('Stark renewal'), amount: 1000, currency: 'EUR' });
  await expect(page.getByText('Records changed elsewhere since this table was read.')).toBeVisible({
    timeout: 5000,
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('record-count')).toHaveText('Deals: 2');
});
