import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeActivityList, HomeMeetings } from '@beacon/contract';
import {
  addMember,
  authed,
  postJson,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';
import { dayOf } from './home.time.ts';

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
  it("answers today's events in the zone asked, series occurrences included, and no other day's", async () => {
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

    const answer = (await w.ok('GET', `/api/home/meetings?tz=${zone}`)) as HomeMeetings;
    expect(answer.date).toBe(day.date);
    expect(answer.timeZone).toBe(zone);
    expect(answer.items.map((m) => m.title)).toEqual(['Standup', 'Daily review (series)']);
    expect(answer.count).toBe(2);
    expect(answer.items[0]).toMatchObject({ mine: true, allDay: false });
    expect(answer.items[1]!.id.startsWith(`${series.id}_`)).toBe(true);

    // A viewer reads it too; "mine" is about the caller.
    const asViewer = (await w.ok(
      'GET',
      `/api/home/meetings?tz=${zone}`,
      undefined,
      viewer.token,
    )) as HomeMeetings;
    expect(asViewer.items.map((m) => m.mine)).toEqual([false, false]);
  });

  it('reads today in UTC without a zone, and refuses a zone that is not one', async () => {
    const answer = (await w.ok('GET', '/api/home/meetings')) as HomeMeetings;
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
