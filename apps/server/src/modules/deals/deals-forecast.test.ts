import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealBoardSchema,
  dealForecastSchema,
  dealSchema,
  MAX_DEAL_AMOUNT,
  pipelineListSchema,
  type Pipeline,
} from '@beacon/contract';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace, query } from '../../../test/crm.ts';

// Exact sums (beyond 2^53) over HTTP, and the forecast: one grouped call in the member's zone.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type W = Awaited<ReturnType<typeof crmWorkspace>>;
const pipelineOf = async (w: W): Promise<Pipeline> =>
  pipelineListSchema.parse(await w.ok('GET', '/api/pipelines')).items[0]!;
const stage = (p: Pipeline, name: string) => p.stages.find((s) => s.name === name)!.id;
const deal = async (w: W, fields: Record<string, unknown>) =>
  dealSchema.parse(await w.ok('POST', '/api/deals', fields));
const forecast = async (w: W, params: Record<string, unknown> = {}) => {
  const response = await w.call('GET', `/api/deals/forecast?${query(params)}`);
  expect(response.status, response.text).toBe(200);
  return dealForecastSchema.parse(response.body);
};

/** `YYYY-MM` of now in a zone, `offset` months on. */
function monthIn(zone: string, offset = 0): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const d = new Date(Date.UTC(year, month - 1 + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('deal sums', () => {
  it('are exact beyond 2^53: decimal strings on the board, kept and filtered, and the forecast', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const proposal = stage(pipeline, 'Proposal');
    const month = monthIn('UTC', 1);
    for (let i = 0; i < 10; i += 1) {
      await deal(w, {
        name: `Big ${i}`,
        amount: MAX_DEAL_AMOUNT,
        stageId: proposal,
        expectedCloseDate: `${month}-15`,
      });
    }
    await deal(w, { name: 'One', amount: 1, stageId: proposal, expectedCloseDate: `${month}-15` });
    // 10 × 10^15 + 1 = 10000000000000001 (> 2^53 = 9007199254740992, where floats drop the 1);
    // weighted at 50%: 5000000000000000.5, rounded half up.
    const exact = { currency: 'EUR', amount: '10000000000000001', weighted: '5000000000000001' };
    expect(Number(exact.amount)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const kept = dealBoardSchema.parse(await w.ok('GET', '/api/deals/board'));
    expect(kept.columns.find((c) => c.stage.id === proposal)!.sums).toEqual([exact]);
    const filtered = dealBoardSchema.parse(
      await w.ok(
        'GET',
        `/api/deals/board?${query({ filters: [{ field: 'amount', op: 'gte', value: '1' }] })}`,
      ),
    );
    expect(filtered.columns.find((c) => c.stage.id === proposal)!.sums).toEqual([exact]);
    const f = await forecast(w, { tz: 'UTC' });
    expect(f.months.find((m) => m.month === month)).toEqual({ month, count: 11, sums: [exact] });
  });
});

describe('the forecast', () => {
  it('groups the open deals of a pipeline by month of expected close, raw and weighted', async () => {
    const w = await crmWorkspace(server);
    const pipeline = await pipelineOf(w);
    const [now, next, later] = [monthIn('UTC'), monthIn('UTC', 1), monthIn('UTC', 7)];
    await deal(w, {
      name: 'A',
      amount: 1,
      stageId: stage(pipeline, 'Proposal'),
      expectedCloseDate: `${now}-01`,
    });
    await deal(w, {
      name: 'B',
      amount: 2,
      stageId: stage(pipeline, 'Meeting booked'),
      expectedCloseDate: `${now}-28`,
    });
    await deal(w, {
      name: 'C',
      amount: 1000,
      currency: 'USD',
      stageId: stage(pipeline, 'Negotiation'),
      expectedCloseDate: `${next}-10`,
    });
    await deal(w, {
      name: 'Usd small',
      amount: 10,
      currency: 'JPY',
      stageId: stage(pipeline, 'Negotiation'),
      expectedCloseDate: `${next}-11`,
    });
    // Not counted: closed, without a date, after the span, in another pipeline.
    await deal(w, {
      name: 'Won',
      amount: 5,
      stageId: stage(pipeline, 'Won'),
      expectedCloseDate: `${now}-02`,
    });
    await deal(w, { name: 'Undated', amount: 5 });
    await deal(w, { name: 'Late', amount: 5, expectedCloseDate: `${later}-01` });
    const other = (await w.ok('POST', '/api/pipelines', { name: 'Other' })) as Pipeline;
    await deal(w, {
      name: 'Elsewhere',
      amount: 5,
      pipelineId: other.id,
      expectedCloseDate: `${now}-03`,
    });

    const f = await forecast(w, { tz: 'UTC' });
    expect(f.pipelineId).toBe(pipeline.id);
    expect(f.timeZone).toBe('UTC');
    expect(f.months.map((m) => m.month)).toEqual([0, 1, 2, 3, 4, 5].map((i) => monthIn('UTC', i)));
    // One rounding of Σ(amount × probability) / 100: 1 × 50% + 2 × 25% = 1 (a rounding per stage
    // would say 1 + 1 = 2).
    expect(f.months[0]).toEqual({
      month: now,
      count: 2,
      sums: [{ currency: 'EUR', amount: '3', weighted: '1' }],
    });
    expect(f.months[1]).toEqual({
      month: next,
      count: 2,
      sums: [
        { currency: 'USD', amount: '1000', weighted: '750' },
        { currency: 'JPY', amount: '10', weighted: '8' },
      ],
    });
    expect(f.months.slice(2).every((m) => m.count === 0 && m.sums.length === 0)).toBe(true);
    // Another pipeline, and a longer span.
    const elsewhere = await forecast(w, { pipelineId: other.id, months: 12, tz: 'UTC' });
    expect(elsewhere.months).toHaveLength(12);
    expect(elsewhere.months[0]!.count).toBe(1);
    expect(elsewhere.months.reduce((n, m) => n + m.count, 0)).toBe(1);
    const longer = await forecast(w, { months: 12, tz: 'UTC' });
    expect(longer.months[7]!.count).toBe(1);
  });

  it("reads this month in the member's time zone, else the workspace's, else UTC", async () => {
    const w = await crmWorkspace(server);
    expect((await forecast(w)).timeZone).toBe('UTC');
    // The browser's zone no longer decides; the workspace's does.
    expect((await forecast(w, { tz: 'Pacific/Kiritimati' })).timeZone).toBe('UTC');
    await w.ok('PATCH', '/api/workspace', { timeZone: 'Pacific/Kiritimati' });
    const workspace = await forecast(w);
    expect(workspace.timeZone).toBe('Pacific/Kiritimati');
    expect(workspace.months[0]!.month).toBe(monthIn('Pacific/Kiritimati'));
    await w.ok('PUT', '/api/tasks/time-zone', { timeZone: 'Pacific/Pago_Pago' });
    const member = await forecast(w, { tz: 'Pacific/Kiritimati' });
    expect(member.timeZone).toBe('Pacific/Pago_Pago');
    expect(member.months[0]!.month).toBe(monthIn('Pacific/Pago_Pago'));
  });

  it('refuses a bad span or zone (400) and a pipeline of another workspace (404)', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const theirs = await pipelineOf(other);
    for (const params of [{ months: 0 }, { months: 25 }, { tz: 'Mars/Olympus' }]) {
      const response = await w.call('GET', `/api/deals/forecast?${query(params)}`);
      expect(response.status, response.text).toBe(400);
    }
    const response = await w.call('GET', `/api/deals/forecast?pipelineId=${theirs.id}`);
    expect(response.status).toBe(404);
  });
});
