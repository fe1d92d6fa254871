import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, effectiveZoneOf, monthOf, weekOf } from '../src/lib/time-zones.ts';
import { crmWorkspace } from './crm.ts';
import { addMember, startTestServer, type TestServer } from './helpers.ts';

/**
 * A member who never set a time zone, in a workspace that has one: every place that counts days
 * counts them in the workspace's zone (lib/time-zones.ts effectiveZoneSql / effectiveZoneOf).
 * UTC+14 is a calendar day ahead of UTC for ten hours of each day, and of the browser zone sent.
 */

const WORKSPACE_ZONE = 'Pacific/Kiritimati';
const BROWSER_ZONE = 'Pacific/Pago_Pago';
const HOUR = 3_600_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function teamInZone() {
  const w = await crmWorkspace(server);
  await w.ok('PATCH', '/api/workspace', { timeZone: WORKSPACE_ZONE });
  const member = await addMember(server, w.admin.token, 'contributor');
  const own = await addMember(server, w.admin.token, 'contributor');
  await w.ok('PUT', '/api/tasks/time-zone', { timeZone: 'Europe/Paris' }, own.token);
  return { w, member, own };
}

describe('the effective time zone', () => {
  it('is the member’s own, else the workspace’s, else UTC (the TS function)', async () => {
    const { member, own } = await teamInZone();
    const bare = await crmWorkspace(server);
    const bareMember = await addMember(server, bare.admin.token, 'viewer');
    const db = server.database.db;
    expect(await effectiveZoneOf(db, { userId: member.id, workspaceId: member.workspaceId })).toBe(
      WORKSPACE_ZONE,
    );
    expect(await effectiveZoneOf(db, { userId: own.id, workspaceId: own.workspaceId })).toBe(
      'Europe/Paris',
    );
    expect(
      await effectiveZoneOf(db, { userId: bareMember.id, workspaceId: bareMember.workspaceId }),
    ).toBe('UTC');
  });

  it('counts the home cards’ days in it, whatever zone the browser sends', async () => {
    const { w, member } = await teamInZone();
    const now = Date.now();
    const today = dayOf(now, WORKSPACE_ZONE);
    const tasks = await w.ok('GET', `/api/home/tasks?tz=${BROWSER_ZONE}`, undefined, member.token);
    expect([tasks.date, tasks.timeZone]).toEqual([today.date, WORKSPACE_ZONE]);
    const meetings = await w.ok('GET', '/api/home/meetings', undefined, member.token);
    expect([meetings.date, meetings.timeZone]).toEqual([today.date, WORKSPACE_ZONE]);
    const week = await w.ok('GET', '/api/home/week', undefined, member.token);
    expect(week.weekStart).toBe(weekOf(now, WORKSPACE_ZONE).dates[0]);
    const closing = await w.ok('GET', '/api/home/closing', undefined, member.token);
    expect(closing.month).toBe(monthOf(now, WORKSPACE_ZONE).month);
  });

  it('reads the forecast’s months in it', async () => {
    const { w, member } = await teamInZone();
    const forecast = await w.ok(
      'GET',
      `/api/deals/forecast?tz=${BROWSER_ZONE}`,
      undefined,
      member.token,
    );
    expect(forecast.timeZone).toBe(WORKSPACE_ZONE);
    expect((forecast.months as { month: string }[])[0]!.month).toBe(
      monthOf(Date.now(), WORKSPACE_ZONE).month,
    );
  });

  it('answers it from the tasks’ zone endpoints the web enters due times in', async () => {
    const { w, member, own } = await teamInZone();
    expect(await w.ok('GET', '/api/tasks/time-zone', undefined, member.token)).toEqual({
      timeZone: null,
      effectiveTimeZone: WORKSPACE_ZONE,
    });
    const zones = (await w.ok('GET', '/api/tasks/time-zones', undefined, member.token)).items as {
      userId: string;
      timeZone: string;
    }[];
    expect(zones).toEqual(
      expect.arrayContaining([
        { userId: member.id, timeZone: WORKSPACE_ZONE },
        { userId: own.id, timeZone: 'Europe/Paris' },
        { userId: w.userId, timeZone: WORKSPACE_ZONE },
      ]),
    );
  });

  it('decides a task’s due state and zone', async () => {
    const { w, member } = await teamInZone();
    const today = dayOf(Date.now(), WORKSPACE_ZONE);
    const due = async (title: string, at: number) =>
      (
        await w.ok('POST', '/api/tasks', {
          title,
          dueAt: new Date(at).toISOString(),
          assigneeId: member.id,
        })
      ).id as string;
    const lastMinute = await due('Last minute of today', today.end.getTime() - 60_000);
    const firstMinute = await due('First minute of today', today.start.getTime() + 60_000);
    const tomorrow = await due('Tomorrow', today.end.getTime() + HOUR);
    const yesterday = await due('Yesterday', today.start.getTime() - HOUR);
    const state = async (id: string) => {
      const task = await w.ok('GET', `/api/tasks/${id}`, undefined, member.token);
      expect(task.timeZone).toBe(WORKSPACE_ZONE);
      return task.dueState;
    };
    expect(await state(lastMinute)).toBe('today');
    expect(await state(firstMinute)).toBe('today');
    expect(await state(tomorrow)).toBe('upcoming');
    expect(await state(yesterday)).toBe('overdue');
  });
});
