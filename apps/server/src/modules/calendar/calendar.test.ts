import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEventSchema, type CalendarEvent } from '@beacon/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import {
  addMember,
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof register>>;
let adminId: string;
let viewer: Awaited<ReturnType<typeof addMember>>;
let contributor: Awaited<ReturnType<typeof addMember>>;
let stranger: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await register(server);
  adminId = (await getJson(`${server.url}/user/me`, admin.token)).body.id as string;
  viewer = await addMember(server, admin.token, 'viewer');
  contributor = await addMember(server, admin.token, 'contributor');
  stranger = await register(server);
});
afterAll(async () => {
  await server.close();
});

const base = {
  title: 'Discovery call with Acme',
  start: '2026-11-23T09:00:00.000Z',
  end: '2026-11-23T10:00:00.000Z',
};

async function create(token: string, event: Record<string, unknown> = base) {
  const response = await postJson(`${server.url}/meetings/events/new`, event, authed(token));
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return calendarEventSchema.parse(response.body);
}

async function list(token: string, query = '') {
  const response = await getJson(`${server.url}/meetings/events${query}`, token);
  expect(response.status).toBe(200);
  return response.body as unknown as CalendarEvent[];
}

describe('calendar events', () => {
  it('creates an event with defaults and answers it with its id', async () => {
    const event = await create(admin.token, {
      ...base,
      attendeeIds: [adminId, contributor.id],
      location: ' Room 4 ',
    });
    expect(event).toMatchObject({
      title: base.title,
      description: '',
      color: '#00A76F',
      allDay: false,
      start: base.start,
      end: base.end,
      location: 'Room 4',
      createdBy: adminId,
    });
    expect(event.attendeeIds.sort()).toEqual([adminId, contributor.id].sort());
    const listed = await list(viewer.token);
    expect(listed.find((e) => e.id === event.id)).toEqual(event);
  });

  it('answers only the events overlapping the asked range, in start order', async () => {
    const a = await create(admin.token, {
      ...base,
      title: 'A',
      start: '2027-01-10T09:00:00Z',
      end: '2027-01-10T10:00:00Z',
    });
    const b = await create(admin.token, {
      ...base,
      title: 'B',
      start: '2027-01-31T23:00:00Z',
      end: '2027-02-01T01:00:00Z',
    });
    await create(admin.token, {
      ...base,
      title: 'C',
      start: '2027-02-05T09:00:00Z',
      end: '2027-02-05T10:00:00Z',
    });
    const january = await list(
      admin.token,
      '?start=2027-01-01T00:00:00.000Z&end=2027-02-01T00:00:00.000Z',
    );
    expect(january.map((e) => e.id)).toEqual([a.id, b.id]);
    const bad = await getJson(`${server.url}/meetings/events?start=yesterday`, admin.token);
    expect(bad.status).toBe(400);
    const reversed = await getJson(
      `${server.url}/meetings/events?start=2027-02-01T00:00:00Z&end=2027-01-01T00:00:00Z`,
      admin.token,
    );
    expect(reversed.status).toBe(400);
  });

  it('updates only the fields given and answers the event with its id', async () => {
    const event = await create(contributor.token);
    const response = await postJson(
      `${server.url}/meetings/events/update`,
      {
        eventId: event.id,
        event: { start: '2026-11-23T11:00:00Z', end: '2026-11-23T12:30:00Z', color: '#FF5630' },
      },
      authed(contributor.token),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: event.id,
      title: event.title,
      color: '#FF5630',
      start: '2026-11-23T11:00:00.000Z',
      end: '2026-11-23T12:30:00.000Z',
    });
    expect(Date.parse(response.body.updatedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(event.updatedAt),
    );
  });

  it('refuses an end before the start, on create and against the stored start on update', async () => {
    const create400 = await postJson(
      `${server.url}/meetings/events/new`,
      { ...base, end: '2026-11-23T08:00:00Z' },
      authed(admin.token),
    );
    expect(create400.status).toBe(400);
    expect(create400.body.errors).toHaveProperty('end');

    const event = await create(admin.token);
    const update400 = await postJson(
      `${server.url}/meetings/events/update`,
      { eventId: event.id, event: { end: '2026-11-22T00:00:00Z' } },
      authed(admin.token),
    );
    expect(update400.status).toBe(400);
    expect(update400.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { end: expect.any(Array) },
    });
    expect((await list(admin.token)).find((e) => e.id === event.id)?.end).toBe(event.end);
  });

  it.each([
    [{}, ['title', 'start', 'end']],
    [{ ...base, title: '  ' }, ['title']],
    [{ ...base, title: 'x'.repeat(201) }, ['title']],
    [{ ...base, start: 'tomorrow' }, ['start']],
    [{ ...base, color: 'green' }, ['color']],
    [{ ...base, allDay: 'yes' }, ['allDay']],
    [{ ...base, attendeeIds: ['not-a-uuid'] }, ['attendeeIds.0']],
  ])('validates %j', async (body, fields) => {
    const response = await postJson(`${server.url}/meetings/events/new`, body, authed(admin.token));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as object).sort()).toEqual([...fields].sort());
  });

  it('refuses attendees who are not members of the workspace', async () => {
    const strangerId = (await getJson(`${server.url}/user/me`, stranger.token)).body.id as string;
    const response = await postJson(
      `${server.url}/meetings/events/new`,
      { ...base, attendeeIds: [strangerId] },
      authed(admin.token),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('attendeeIds');
  });

  it('deletes an event, and answers 404 for it afterwards', async () => {
    const event = await create(admin.token);
    const deleted = await postJson(
      `${server.url}/meetings/events/delete`,
      { eventId: event.id },
      authed(admin.token),
    );
    expect(deleted).toMatchObject({ status: 200, body: { eventId: event.id } });
    expect((await list(admin.token)).some((e) => e.id === event.id)).toBe(false);
    const again = await postJson(
      `${server.url}/meetings/events/delete`,
      { eventId: event.id },
      authed(admin.token),
    );
    expect(again.status).toBe(404);
  });

  it('lets a viewer read but not write', async () => {
    const event = await create(admin.token);
    expect((await list(viewer.token)).some((e) => e.id === event.id)).toBe(true);
    for (const [path, body] of [
      ['/meetings/events/new', base],
      ['/meetings/events/update', { eventId: event.id, event: { title: 'Nope' } }],
      ['/meetings/events/delete', { eventId: event.id }],
    ] as const) {
      const response = await postJson(`${server.url}${path}`, body, authed(viewer.token));
      expect(response.status, path).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    expect((await list(admin.token)).find((e) => e.id === event.id)?.title).toBe(event.title);
  });

  it('keeps workspaces apart: another workspace sees nothing and gets 404 for the ids', async () => {
    const event = await create(admin.token);
    expect((await list(stranger.token)).some((e) => e.id === event.id)).toBe(false);
    const update = await postJson(
      `${server.url}/meetings/events/update`,
      { eventId: event.id, event: { title: 'Hijacked' } },
      authed(stranger.token),
    );
    expect(update.status).toBe(404);
    const remove = await postJson(
      `${server.url}/meetings/events/delete`,
      { eventId: event.id },
      authed(stranger.token),
    );
    expect(remove.status).toBe(404);
    expect((await list(admin.token)).find((e) => e.id === event.id)?.title).toBe(event.title);
  });
});

describe('iCalendar export, feed and import', () => {
  it('exports the workspace calendar as an .ics attachment', async () => {
    const event = await create(admin.token, { ...base, title: 'Export me, please' });
    const response = await fetch(`${server.url}/api/calendar/export.ics`, {
      headers: authed(admin.token),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.ics"/);
    const text = await response.text();
    expect(text).toContain(`UID:${event.id}@beacon`);
    expect(text).toContain('SUMMARY:Export me\\, please');
  });

  it('gives each user a secret feed address that works without a header until rotated or revoked', async () => {
    const none = await getJson(`${server.url}/api/calendar/feed`, contributor.token);
    expect(none.status).toBe(404);
    const made = await postJson(`${server.url}/api/calendar/feed`, {}, authed(contributor.token));
    expect(made.status).toBe(200);
    const url = made.body.url as string;
    expect(url).toMatch(/\/api\/calendar\/feeds\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await getJson(`${server.url}/api/calendar/feed`, contributor.token)).body.url).toBe(
      url,
    );

    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    const rotated = await postJson(
      `${server.url}/api/calendar/feed`,
      {},
      authed(contributor.token),
    );
    expect(rotated.body.url).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(rotated.body.url as string)).status).toBe(200);

    const revoked = await fetch(`${server.url}/api/calendar/feed`, {
      method: 'DELETE',
      headers: authed(contributor.token),
    });
    expect(revoked.status).toBe(204);
    expect((await fetch(rotated.body.url as string)).status).toBe(404);
    expect((await fetch(`${server.url}/api/calendar/feeds/nonsense.ics`)).status).toBe(404);
  });

  it('stops serving a member’s feed the moment they are disabled, and again once active', async () => {
    // A workspace of its own: the others' member lists stay as they are.
    const owner = await register(server);
    const member = await addMember(server, owner.token, 'contributor');
    const made = await postJson(`${server.url}/api/calendar/feed`, {}, authed(member.token));
    const url = made.body.url as string;
    expect((await fetch(url)).status).toBe(200);
    const setStatus = (status: 'active' | 'disabled') =>
      server.database.db.update(users).set({ status }).where(eq(users.id, member.id));
    await setStatus('disabled');
    expect((await fetch(url)).status).toBe(404);
    await setStatus('active');
    expect((await fetch(url)).status).toBe(200);
  });

  it('imports events from an .ics file, updating earlier imports of the same UID', async () => {
    const ics = (title: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:board-review-1@example.com',
        'DTSTART:20270301T150000Z',
        'DTEND:20270301T160000Z',
        `SUMMARY:${title}`,
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:repeating@example.com',
        'DTSTART:20270302T150000Z',
        'RRULE:FREQ=DAILY',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
    const post = (body: string, type = 'text/calendar', token = admin.token) =>
      fetch(`${server.url}/api/calendar/import`, {
        method: 'POST',
        headers: { ...authed(token), 'content-type': type },
        body,
      });

    const first = await post(ics('Board review'));
    expect(first.status).toBe(200);
    // Repeating events are imported too (as a series: see calendar-interop.test.ts).
    expect(await first.json()).toEqual({ imported: 2, skipped: [] });
    const second = await post(ics('Board review (moved)'));
    expect(second.status).toBe(200);
    const march = await list(admin.token, '?start=2027-03-01T00:00:00Z&end=2027-03-02T00:00:00Z');
    expect(march.map((e) => e.title)).toEqual(['Board review (moved)']);

    expect((await post('not a calendar')).status).toBe(400);
    expect((await post(ics('x'), 'application/json')).status).toBe(415);
    expect((await post(ics('x'), 'text/calendar', viewer.token)).status).toBe(403);
    expect((await post('x'.repeat(11 * 1024 * 1024))).status).toBe(413);
  });
});

describe('members', () => {
  it('lists the members of the caller’s workspace only', async () => {
    const response = await getJson(`${server.url}/api/members`, viewer.token);
    expect(response.status).toBe(200);
    const ids = (response.body as unknown as { id: string }[]).map((m) => m.id);
    expect(ids.sort()).toEqual([adminId, viewer.id, contributor.id].sort());
  });
});
