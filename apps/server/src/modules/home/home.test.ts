import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HomeActivityList,
  HomeClosing,
  HomeMeetings,
  HomePipeline,
  HomeTasks,
  HomeWeek,
} from '@beacon/contract';
import { asc, eq, sql } from 'drizzle-orm';
import {
  activities,
  deals,
  pipelineStages,
  pipelines,
  tasks,
  users,
} from '../../db/schema/index.ts';
import {
  addMember,
  authed,
  postJson,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import { dayOf, monthOf, weekOf } from '../../lib/time-zones.ts';

let server: TestServer;
let w: Awaited<ReturnType<typeof crmWorkspace>>;
let other: Awaited<ReturnType<typeof crmWorkspace>>;
let viewer: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  server = await startTestServer();
  w = await crmWorkspace(server);
  other = await crmWorkspace(server);
  viewer = await addMember(server, w.admin.token, 'viewer');
});
afterAll(async () => {
  await server.close();
});

const HOUR = 3600_000;

async function event(token: string, title: string, start: number, end: number, extra = {}) {
  const response = await postJson(
    `${server.url}/meetings/events/new`,
    { title, start: new Date(start).toISOString(), end: new Date(end).toISOString(), ...extra },
    authed(token),
  );
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body as { id: string };
}

describe('home: meetings today', () => {
  it("answers today's events in the member's zone, series occurrences included, and no other day's", async () => {
    const zone = 'Asia/Tokyo';
    const day = dayOf(Date.now(), zone);
    const at = (hours: number) => day.start.getTime() + hours * HOUR;
    await event(w.admin.token, 'Standup', at(9), at(9.5));
    await event(w.admin.token, 'Yesterday', at(-15), at(-14));
    await event(w.admin.token, 'Tomorrow', at(24 + 9), at(24 + 10));
    await event(w.admin.token, 'Ends at midnight', at(-2), at(0));
    // A daily series that began a week ago shows its one occurrence of today.
    const series = (await w.ok('POST', '/meetings/events/new', {
      title: 'Daily review',
      start: new Date(at(-7 * 24 + 16)).toISOString(),
      end: new Date(at(-7 * 24 + 17)).toISOString(),
    })) as { id: string };
    await w.ok('POST', '/meetings/events/update', {
      eventId: series.id,
      event: { title: 'Daily review (series)' },
    });
    await server.database.db.execute(
      `update calendar_events set rrule = 'FREQ=DAILY' where id = '${series.id}'`,
    );
    await event(other.admin.token, 'Elsewhere', at(10), at(11));

    await w.ok('PUT', '/api/tasks/time-zone', { timeZone: zone });
    await w.ok('PUT', '/api/tasks/time-zone', { timeZone: zone }, viewer.token);
    // The browser's zone no longer decides.
    const answer = (await w.ok('GET', `/api/home/meetings?tz=Europe/Paris`)) as HomeMeetings;
    expect(answer.date).toBe(day.date);
    expect(answer.timeZone).toBe(zone);
    expect(answer.items.map((m) => m.title)).toEqual(['Standup', 'Daily review (series)']);
    expect(answer.count).toBe(2);
    expect(answer.items[0]).toMatchObject({ mine: true, allDay: false });
    expect(answer.items[1]!.id.startsWith(`${series.id}_`)).toBe(true);

    // A viewer reads it too; "mine" is about the caller.
    const asViewer = (await w.ok(
      'GET',
      '/api/home/meetings',
      undefined,
      viewer.token,
    )) as HomeMeetings;
    expect(asViewer.items.map((m) => m.mine)).toEqual([false, false]);
  });

  it('reads today in UTC without a zone, and refuses a zone that is not one', async () => {
    const fresh = await crmWorkspace(server);
    const answer = (await fresh.ok('GET', '/api/home/meetings')) as HomeMeetings;
    expect(answer.timeZone).toBe('UTC');
    expect(answer.date).toBe(new Date().toISOString().slice(0, 10));
    const bad = await w.call('GET', '/api/home/meetings?tz=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/time zone/);
  });
});

describe('home: recent activity', () => {
  it("answers the workspace's latest activity, newest first, with subject and actor names", async () => {
    const ws = await crmWorkspace(server);
    const acme = (await ws.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string };
    const ada = (await ws.ok('POST', '/api/people', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    })) as { id: string };
    await ws.ok('PATCH', `/api/people/${ada.id}`, { jobTitle: 'Engineer' });
    await other.ok('POST', '/api/people', { firstName: 'Someone', lastName: 'Else' });

    const { items } = (await ws.ok('GET', '/api/home/activity')) as HomeActivityList;
    expect(items.map((a) => [a.kind, a.subject.name])).toEqual([
      ['field_changed', 'Ada Lovelace'],
      ['created', 'Ada Lovelace'],
      ['created', 'Acme'],
    ]);
    expect(items[0]).toMatchObject({
      subjectType: 'person',
      subject: { type: 'person', id: ada.id },
      field: 'jobTitle',
      newValue: 'Engineer',
      actorId: ws.userId,
      actorName: 'Test User',
    });
    expect(items[2]!.subject.id).toBe(acme.id);
  });

  it('shows at most ten entries and none of another workspace', async () => {
    const ws = await crmWorkspace(server);
    for (let i = 0; i < 12; i++) await ws.ok('POST', '/api/companies', { name: `Co ${i}` });
    const { items } = (await ws.ok('GET', '/api/home/activity')) as HomeActivityList;
    expect(items).toHaveLength(10);
    expect(items[0]!.subject.name).toBe('Co 11');
    const empty = await crmWorkspace(server);
    expect(await empty.ok('GET', '/api/home/activity')).toEqual({ items: [] });
  });

  it('asks for a signed-in member', async () => {
    const response = await fetch(`${server.url}/api/home/activity`);
    expect(response.status).toBe(401);
  });
});

type TaskRow = typeof tasks.$inferInsert;

async function workspaceId(ws: Awaited<ReturnType<typeof crmWorkspace>>) {
  return ((await ws.ok('GET', '/user/me')) as { workspace: { id: string } }).workspace.id;
}

async function insertTasks(rows: TaskRow[]) {
  if (rows.length) await server.database.db.insert(tasks).values(rows);
}

describe('home: my tasks', () => {
  it('counts and lists my open tasks due today and overdue, in my time zone', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const mate = await addMember(server, ws.admin.token, 'contributor');
    const ada = (await ws.ok('POST', '/api/people', { firstName: 'Ada', lastName: 'L' })) as {
      id: string;
    };
    const acme = (await ws.ok('POST', '/api/companies', { name: 'Acme' })) as { id: string };
    // The member's own zone wins over the browser's.
    await server.database.db
      .update(users)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(users.id, ws.userId));
    const day = dayOf(Date.now(), 'America/Los_Angeles');
    const at = (hours: number) => new Date(day.start.getTime() + hours * HOUR);
    // The next midnight, not 24 hours on: a day with a clock change lasts 23 or 25 hours.
    const next = dayOf(day.start.getTime() + 26 * HOUR, 'America/Los_Angeles').start;
    const mine = { workspaceId: wsId, assigneeId: ws.userId };
    await insertTasks([
      { ...mine, title: 'Call Ada', type: 'call', dueAt: at(15), personId: ada.id },
      { ...mine, title: 'Send proposal', type: 'email', dueAt: at(9), companyId: acme.id },
      { ...mine, title: 'Last minute', dueAt: new Date(next.getTime() - 36_000) },
      { ...mine, title: 'Tomorrow', dueAt: next },
      { ...mine, title: 'Late 1', dueAt: at(-1), priority: 'high' },
      { ...mine, title: 'Late 2', dueAt: at(-50) },
      { ...mine, title: 'Done late', dueAt: at(-2), status: 'done', completedAt: new Date() },
      { ...mine, title: 'Skipped', dueAt: at(2), status: 'skipped' },
      { ...mine, title: 'No date' },
      // The teammate has no zone of their own: their day is UTC's, which is not always Los
      // Angeles' date (between 00:00 and 08:00 UTC it is the next one).
      {
        workspaceId: wsId,
        assigneeId: mate.id,
        title: 'Not mine',
        dueAt: new Date(dayOf(Date.now(), 'UTC').start.getTime() + 3 * HOUR),
      },
    ]);
    const answer = (await ws.ok('GET', '/api/home/tasks?tz=Asia/Tokyo')) as HomeTasks;
    // The answer says which day and zone it was read in (the page reads again when that day ends).
    expect([answer.date, answer.timeZone]).toEqual([day.date, 'America/Los_Angeles']);
    expect(answer.dueToday.count).toBe(3);
    expect(answer.dueToday.items.map((t) => t.title)).toEqual([
      'Send proposal',
      'Call Ada',
      'Last minute',
    ]);
    expect(answer.dueToday.items[0]!.subject).toEqual({
      type: 'company',
      id: acme.id,
      name: 'Acme',
    });
    expect(answer.dueToday.items[1]).toMatchObject({
      type: 'call',
      priority: 'normal',
      dueAt: at(15).toISOString(),
      subject: { type: 'person', id: ada.id, name: 'Ada L' },
    });
    expect(answer.overdue.count).toBe(2);
    expect(answer.overdue.items.map((t) => [t.title, t.priority])).toEqual([
      ['Late 2', 'normal'],
      ['Late 1', 'high'],
    ]);

    // The teammate sees theirs only.
    const theirs = (await ws.ok('GET', '/api/home/tasks', undefined, mate.token)) as HomeTasks;
    expect(theirs.dueToday.items.map((t) => t.title)).toEqual(['Not mine']);
    expect(theirs.overdue.count).toBe(0);
  });

  it('lists the first five and counts the rest, nothing of another workspace', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const start = dayOf(Date.now(), 'UTC').start.getTime();
    await insertTasks(
      Array.from({ length: 8 }, (_, i) => ({
        workspaceId: wsId,
        assigneeId: ws.userId,
        title: `Old ${i}`,
        dueAt: new Date(start - (i + 1) * HOUR),
      })),
    );
    const answer = (await ws.ok('GET', '/api/home/tasks')) as HomeTasks;
    expect(answer.overdue.count).toBe(8);
    expect(answer.overdue.items.map((t) => t.title)).toEqual([
      'Old 7',
      'Old 6',
      'Old 5',
      'Old 4',
      'Old 3',
    ]);
    expect(answer.dueToday).toEqual({ count: 0, items: [] });
    const empty = (await other.ok('GET', '/api/home/tasks')) as HomeTasks;
    expect(empty).toEqual({
      date: dayOf(Date.now(), 'UTC').date,
      timeZone: 'UTC',
      dueToday: { count: 0, items: [] },
      overdue: { count: 0, items: [] },
    });
  });
});

describe('home: my week', () => {
  it('counts the tasks I completed on each day since Monday, in my zone', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const mate = await addMember(server, ws.admin.token, 'contributor');
    const zone = 'Europe/Paris';
    const week = weekOf(Date.now(), zone);
    const done = (dayIndex: number, hours: number, assigneeId = ws.userId) => ({
      workspaceId: wsId,
      assigneeId,
      title: `Done ${dayIndex}`,
      status: 'done' as const,
      completedAt: new Date((week.days[dayIndex] ?? week.end).getTime() + hours * HOUR),
    });
    await insertTasks([
      done(0, 0),
      done(0, 23.5),
      done(3, 12),
      done(6, 23.9),
      done(0, -0.1), // the Sunday before
      done(7, 0.1), // next Monday
      done(2, 10, mate.id),
      { ...done(1, 10), status: 'open' },
    ]);
    await ws.ok('PUT', '/api/tasks/time-zone', { timeZone: zone });
    const answer = (await ws.ok('GET', '/api/home/week')) as HomeWeek;
    expect(answer.weekStart).toBe(week.dates[0]);
    expect(answer.days.map((d) => d.tasksDone)).toEqual([2, 0, 0, 1, 0, 0, 1]);
    expect(answer.days.map((d) => d.date)).toEqual(week.dates);
    expect(answer.tasksDone).toBe(4);
  });
});

type DealRow = typeof deals.$inferInsert;

/** The workspace's default pipeline and its stages by name. */
async function stagesOf(wsId: string) {
  const db = server.database.db;
  const [pipeline] = await db.select().from(pipelines).where(eq(pipelines.workspaceId, wsId));
  const stages = await db
    .select()
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, pipeline!.id))
    .orderBy(asc(pipelineStages.position));
  return { pipeline: pipeline!, byName: new Map(stages.map((s) => [s.name, s])), stages };
}

let positionSeq = 0;
async function insertDeals(wsId: string, pipelineId: string, rows: Partial<DealRow>[]) {
  await server.database.db.insert(deals).values(
    rows.map((row) => ({
      workspaceId: wsId,
      pipelineId,
      name: 'Deal',
      stageId: row.stageId!,
      position: `a${String(positionSeq++).padStart(6, '0')}`,
      ...row,
    })),
  );
}

describe('home: deals', () => {
  it('sums the open deals of the default pipeline by stage, per currency and weighted', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const { pipeline, byName, stages } = await stagesOf(wsId);
    const qualification = byName.get('Qualification')!;
    const proposal = byName.get('Proposal')!;
    const won = stages.find((s) => s.kind === 'won')!;
    await insertDeals(wsId, pipeline.id, [
      { stageId: qualification.id, amount: 100_00, currency: 'EUR' },
      { stageId: qualification.id, amount: 250_50, currency: 'EUR' },
      { stageId: qualification.id, amount: 1_000, currency: 'JPY' },
      { stageId: proposal.id, amount: 999_99, currency: 'EUR' },
      { stageId: won.id, amount: 5_000_00, currency: 'EUR', status: 'won' },
    ]);
    await insertDeals(
      await workspaceId(other),
      (await stagesOf(await workspaceId(other))).pipeline.id,
      [
        {
          stageId: (await stagesOf(await workspaceId(other))).byName.get('Qualification')!.id,
          amount: 7,
        },
      ],
    );

    const answer = (await ws.ok('GET', '/api/home/pipeline')) as HomePipeline;
    expect(answer.pipeline).toEqual({ id: pipeline.id, name: pipeline.name, key: 'sales' });
    // Open stages only, in the pipeline's order.
    expect(answer.stages.map((s) => s.name)).toEqual(
      stages.filter((s) => s.kind === 'open').map((s) => s.name),
    );
    // Each default stage answers its key (the web words it in the reader's language).
    expect(answer.stages.map((s) => s.key)).toEqual(
      stages.filter((s) => s.kind === 'open').map((s) => s.key),
    );
    expect(answer.stages.find((s) => s.id === qualification.id)!.key).toBe('qualification');
    const q = answer.stages.find((s) => s.id === qualification.id)!;
    expect(q.count).toBe(3);
    expect(q.probability).toBe(qualification.probability);
    expect(q.totals).toEqual([
      {
        currency: 'EUR',
        amount: String(350_50),
        weighted: String(Math.round((350_50 * qualification.probability) / 100)),
      },
      {
        currency: 'JPY',
        amount: String(1_000),
        weighted: String(Math.round((1_000 * qualification.probability) / 100)),
      },
    ]);
    const p = answer.stages.find((s) => s.id === proposal.id)!;
    expect(p).toMatchObject({ count: 1, totals: [{ currency: 'EUR', amount: String(999_99) }] });
    const empty = answer.stages.find((s) => s.name === 'Negotiation')!;
    expect(empty).toMatchObject({ count: 0, totals: [] });
    // The sum of the cards equals the sum over the open deals.
    const sum = answer.stages
      .flatMap((s) => s.totals)
      .filter((m) => m.currency === 'EUR')
      .reduce((n, m) => n + BigInt(m.amount), 0n);
    expect(sum).toBe(BigInt(100_00 + 250_50 + 999_99));
  });

  it('answers sums beyond 2^53 exactly, on the pipeline, closing and week cards', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const { pipeline, byName, stages } = await stagesOf(wsId);
    const proposal = byName.get('Proposal')!;
    const won = stages.find((s) => s.kind === 'won')!;
    const month = monthOf(Date.now(), 'UTC');
    const week = weekOf(Date.now(), 'UTC');
    // Twelve amounts just under 10^15 and a 7: about 1.2 × 10^16, past 2^53 (≈ 9.007 × 10^15),
    // where a float sum drops the last units.
    const big = 999_999_999_999_999;
    const amounts = [...Array.from({ length: 12 }, () => big), 7];
    await insertDeals(
      wsId,
      pipeline.id,
      amounts.map((amount) => ({
        stageId: proposal.id,
        amount,
        currency: 'EUR',
        expectedCloseDate: month.first,
      })),
    );
    await insertDeals(
      wsId,
      pipeline.id,
      amounts.map((amount, i) => ({
        stageId: won.id,
        status: 'won' as const,
        amount,
        currency: 'EUR',
        ownerId: ws.userId,
        closedAt: new Date(week.days[0]!.getTime() + (i + 1) * 60_000),
      })),
    );
    const exact = amounts.reduce((n, a) => n + BigInt(a), 0n);
    expect(exact > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    // One rounding, half up, of Σ(amount × probability) / 100.
    const weighted = (exact * BigInt(proposal.probability) * 2n + 100n) / 200n;

    const answer = (await ws.ok('GET', '/api/home/pipeline')) as HomePipeline;
    const p = answer.stages.find((s) => s.id === proposal.id)!;
    expect(p.totals).toEqual([
      { currency: 'EUR', amount: exact.toString(), weighted: weighted.toString() },
    ]);
    const closing = (await ws.ok('GET', '/api/home/closing')) as HomeClosing;
    expect(closing.totals).toEqual([
      { currency: 'EUR', amount: exact.toString(), weighted: weighted.toString() },
    ]);
    const mine = (await ws.ok('GET', '/api/home/week')) as HomeWeek;
    expect(mine.won).toEqual([
      { currency: 'EUR', amount: exact.toString(), weighted: exact.toString() },
    ]);
  });

  it('keeps the stage totals in step with every write to deals through the API', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const { byName } = await stagesOf(wsId);
    const qualification = byName.get('Qualification')!.id;
    const proposal = byName.get('Proposal')!.id;
    const made: { id: string }[] = [];
    for (const [amount, currency] of [
      [100_00, 'EUR'],
      [200_00, 'EUR'],
      [300_00, 'USD'],
      [400_00, 'EUR'],
    ] as const) {
      made.push(
        (await ws.ok('POST', '/api/deals', { name: `D${amount}`, amount, currency })) as {
          id: string;
        },
      );
    }
    const totals = async () => {
      const answer = (await ws.ok('GET', '/api/home/pipeline')) as HomePipeline;
      // Against the deals themselves: the same figures as a grouped query over them.
      const rows = await server.database.db
        .select({ stageId: deals.stageId, currency: deals.currency, amount: deals.amount })
        .from(deals)
        .where(eq(deals.workspaceId, wsId));
      for (const stage of answer.stages) {
        const mine = rows.filter((r) => r.stageId === stage.id);
        expect(stage.count, stage.name).toBe(mine.length);
        for (const total of stage.totals) {
          expect(total.amount).toBe(
            String(
              mine.filter((r) => r.currency === total.currency).reduce((n, r) => n + r.amount, 0),
            ),
          );
        }
      }
      return Object.fromEntries(
        answer.stages
          .filter((st) => st.count > 0)
          .map((st) => [st.name, st.totals.map((m) => `${m.currency} ${m.amount}`).join(', ')]),
      );
    };
    expect(await totals()).toEqual({ Qualification: 'EUR 70000, USD 30000' });
    await ws.ok('PATCH', `/api/deals/${made[0]!.id}`, { stageId: proposal });
    await ws.ok('PATCH', `/api/deals/${made[1]!.id}`, { amount: 250_00, currency: 'USD' });
    await ws.ok('PATCH', `/api/deals/${made[2]!.id}`, { name: 'Renamed' });
    expect(await totals()).toEqual({
      Qualification: 'EUR 40000, USD 55000',
      Proposal: 'EUR 10000',
    });
    await ws.ok('POST', '/api/deals/bulk', {
      selection: { ids: [made[2]!.id, made[3]!.id] },
      action: { type: 'set_stage', stageId: proposal },
    });
    await ws.call('DELETE', `/api/deals/${made[0]!.id}`);
    expect(await totals()).toEqual({
      Qualification: 'USD 25000',
      Proposal: 'EUR 40000, USD 30000',
    });
    expect(qualification).toBeTruthy();
    // A workspace with deals can still be deleted: its totals go with it.
    const { workspaces } = await import('../../db/schema/index.ts');
    await server.database.db.delete(workspaces).where(eq(workspaces.id, wsId));
    const left = (await server.database.db.execute(
      sql`select * from deal_stage_totals where workspace_id = ${wsId}::uuid`,
    )) as unknown as { rows: unknown[] } | unknown[];
    expect(Array.isArray(left) ? left : left.rows).toEqual([]);
  });

  it('lists the open deals closing this month, sums them, and counts my deals won this week', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const mate = await addMember(server, ws.admin.token, 'contributor');
    const { pipeline, byName, stages } = await stagesOf(wsId);
    const negotiation = byName.get('Negotiation')!;
    const won = stages.find((s) => s.kind === 'won')!;
    const month = monthOf(Date.now(), 'UTC');
    const week = weekOf(Date.now(), 'UTC');
    const nextMonth = new Date(
      Date.UTC(Number(month.month.slice(0, 4)), Number(month.month.slice(5)), 1),
    )
      .toISOString()
      .slice(0, 10);
    await insertDeals(wsId, pipeline.id, [
      {
        name: 'Late in month',
        stageId: negotiation.id,
        amount: 300_00,
        expectedCloseDate: month.last,
      },
      {
        name: 'First day',
        stageId: negotiation.id,
        amount: 100_00,
        expectedCloseDate: month.first,
        companyName: 'Acme',
      },
      { name: 'Next month', stageId: negotiation.id, amount: 1, expectedCloseDate: nextMonth },
      { name: 'No date', stageId: negotiation.id, amount: 1 },
      {
        name: 'Won this week',
        stageId: won.id,
        status: 'won',
        amount: 40_000_00,
        expectedCloseDate: month.first,
        ownerId: ws.userId,
        closedAt: new Date(week.days[0]!.getTime() + 10 * HOUR),
      },
      {
        name: 'Won too',
        stageId: won.id,
        status: 'won',
        amount: 2_500_00,
        currency: 'USD',
        ownerId: ws.userId,
        closedAt: new Date(week.days[0]!.getTime() + 11 * HOUR),
      },
      {
        name: 'Won last week',
        stageId: won.id,
        status: 'won',
        amount: 9,
        ownerId: ws.userId,
        closedAt: new Date(week.start.getTime() - HOUR),
      },
      {
        name: 'Won by mate',
        stageId: won.id,
        status: 'won',
        amount: 9,
        ownerId: mate.id,
        closedAt: new Date(week.start.getTime() + HOUR),
      },
    ]);

    const closing = (await ws.ok('GET', '/api/home/closing')) as HomeClosing;
    expect(closing.month).toBe(month.month);
    expect(closing.count).toBe(2);
    expect(closing.items.map((d) => d.name)).toEqual(['First day', 'Late in month']);
    expect(closing.items[0]).toMatchObject({
      amount: 100_00,
      currency: 'EUR',
      closeDate: month.first,
      stageName: 'Negotiation',
      stageKey: 'negotiation',
      companyName: 'Acme',
    });
    expect(closing.items[1]!.companyName).toBeNull();
    expect(closing.totals).toEqual([
      {
        currency: 'EUR',
        amount: String(400_00),
        weighted: String(Math.round((400_00 * negotiation.probability) / 100)),
      },
    ]);

    const mine = (await ws.ok('GET', '/api/home/week')) as HomeWeek;
    expect(mine.dealsWon).toBe(2);
    expect(mine.days[0]!.dealsWon).toBe(2);
    expect(mine.won).toEqual([
      { currency: 'EUR', amount: String(40_000_00), weighted: String(40_000_00) },
      { currency: 'USD', amount: String(2_500_00), weighted: String(2_500_00) },
    ]);
    const theirs = (await ws.ok('GET', '/api/home/week', undefined, mate.token)) as HomeWeek;
    expect(theirs.dealsWon).toBe(1);
  });

  it('names a deal an activity or a task is about', async () => {
    const ws = await crmWorkspace(server);
    const wsId = await workspaceId(ws);
    const { pipeline, byName } = await stagesOf(wsId);
    await insertDeals(wsId, pipeline.id, [
      { name: 'Big one', stageId: byName.get('Proposal')!.id, amount: 1 },
    ]);
    const [deal] = await server.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.workspaceId, wsId));
    await server.database.db
      .insert(activities)
      .values({ workspaceId: wsId, dealId: deal!.id, kind: 'created', actorId: ws.userId });
    await insertTasks([
      {
        workspaceId: wsId,
        assigneeId: ws.userId,
        title: 'Follow up',
        dealId: deal!.id,
        dueAt: new Date(dayOf(Date.now(), 'UTC').start.getTime() + HOUR),
      },
    ]);
    const { items } = (await ws.ok('GET', '/api/home/activity')) as HomeActivityList;
    expect(items[0]).toMatchObject({
      subjectType: 'deal',
      subject: { type: 'deal', id: deal!.id, name: 'Big one' },
    });
    const mine = (await ws.ok('GET', '/api/home/tasks')) as HomeTasks;
    expect(mine.dueToday.items[0]!.subject).toEqual({
      type: 'deal',
      id: deal!.id,
      name: 'Big one',
    });
  });

  it("lets a viewer read every card, and answers only the caller's workspace", async () => {
    for (const path of ['tasks', 'meetings', 'pipeline', 'closing', 'week', 'activity']) {
      const response = await w.call('GET', `/api/home/${path}`, undefined, viewer.token);
      expect(response.status, path).toBe(200);
      const outsider = await fetch(`${server.url}/api/home/${path}`);
      expect(outsider.status, path).toBe(401);
    }
    const pipeline = (await other.ok('GET', '/api/home/pipeline')) as HomePipeline;
    const ownPipeline = (await stagesOf(await workspaceId(other))).pipeline;
    expect(pipeline.pipeline!.id).toBe(ownPipeline.id);
  });
});
