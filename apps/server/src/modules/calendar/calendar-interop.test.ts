import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@beacon/contract';
import {
  authed,
  getJson,
  postJson,
  register,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.ts';

// Files as Google Calendar, Outlook (Windows zone names with their VTIMEZONE) and Apple
// Calendar export them: CRLF, lines folded at 75 octets, their PRODIDs and X- properties.
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/ics', name));

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function importFile(token: string, body: Buffer | string) {
  const response = await fetch(`${server.url}/api/calendar/import`, {
    method: 'POST',
    headers: { ...authed(token), 'content-type': 'text/calendar' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function events(token: string, start: string, end: string) {
  const response = await getJson(`${server.url}/meetings/events?start=${start}&end=${end}`, token);
  expect(response.status).toBe(200);
  return response.body as unknown as CalendarEvent[];
}

async function exportIcs(token: string) {
  const response = await fetch(`${server.url}/api/calendar/export.ics`, { headers: authed(token) });
  expect(response.status).toBe(200);
  return response.text();
}

const times = (list: CalendarEvent[]) => list.map((e) => [e.title, e.start, e.end]);

describe('a Google Calendar export', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register(server)).token;
    const result = await importFile(token, fixture('google.ics'));
    expect(result).toEqual({ status: 200, body: { imported: 3, skipped: [] } });
  });

  it('keeps a weekly series: its occurrences in the range, without the EXDATE, with the override', async () => {
    const january = await events(token, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z');
    expect(times(january)).toEqual([
      ['Weekly sync', '2027-01-04T09:00:00.000Z', '2027-01-04T10:00:00.000Z'],
      ['Weekly sync', '2027-01-11T09:00:00.000Z', '2027-01-11T10:00:00.000Z'],
      // 18 January is excluded; 25 January was moved to 15:00 Paris time.
      [
        'Weekly sync (moved to the afternoon)',
        '2027-01-25T14:00:00.000Z',
        '2027-01-25T15:00:00.000Z',
      ],
    ]);
    const [first, second, moved] = january;
    const seriesId = first!.seriesId!;
    expect(first!.id).toBe(`${seriesId}_20270104T090000Z`);
    expect(second!.id).toBe(`${seriesId}_20270111T090000Z`);
    expect(first!.rrule).toBe('FREQ=WEEKLY;COUNT=14;BYDAY=MO');
    expect(moved!.seriesId).toBe(seriesId);
    expect(moved!.rrule).toBeNull();
    // The same range asked again answers the same ids.
    const again = await events(token, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z');
    expect(again.map((e) => e.id)).toEqual(january.map((e) => e.id));
  });

  it('repeats on Paris wall time across the change to summer time, and stops after COUNT', async () => {
    const spring = await events(token, '2027-03-20T00:00:00Z', '2027-05-01T00:00:00Z');
    expect(times(spring)).toEqual([
      ['Weekly sync', '2027-03-22T09:00:00.000Z', '2027-03-22T10:00:00.000Z'],
      ['Weekly sync', '2027-03-29T08:00:00.000Z', '2027-03-29T09:00:00.000Z'],
      ['Weekly sync', '2027-04-05T08:00:00.000Z', '2027-04-05T09:00:00.000Z'],
    ]);
  });

  it('takes an all-day event as dates, and keeps attendees, organizer and text split across a fold', async () => {
    const march = await events(token, '2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z');
    const fair = march.find((e) => e.title === 'Salon des entrepreneurs')!;
    expect(fair).toMatchObject({
      allDay: true,
      start: '2027-03-01T00:00:00.000Z',
      end: '2027-03-03T00:00:00.000Z',
      location: 'Paris Expo Porte de Versailles',
    });
    const sync = march.find((e) => e.title === 'Weekly sync')!;
    // The file folds this line in the middle of a character (at 75 octets).
    expect(sync.description).toBe(
      'Ordre du jour : pipeline, prévisions, points bloquants. Chúng ta sẽ xem lại các cơ hội kinh doanh — 会议记录见共享文档。',
    );
    expect(sync.organizer).toEqual({ email: 'nina.laurent@example.com', name: 'Nina Laurent' });
    expect(sync.guests).toEqual([
      {
        email: 'nina.laurent@example.com',
        name: 'Nina Laurent',
        status: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
      {
        email: 'ha.dang@example.vn',
        name: 'Đặng Thu Hà',
        status: 'TENTATIVE',
        role: 'OPT-PARTICIPANT',
      },
    ]);
  });

  it('a second import of the same file updates the series and its override, adding no copies', async () => {
    const range = ['2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z'] as const;
    const before = await events(token, ...range);
    expect(await importFile(token, fixture('google.ics'))).toEqual({
      status: 200,
      body: { imported: 3, skipped: [] },
    });
    const after = await events(token, ...range);
    expect(times(after)).toEqual(times(before));
    expect(after.slice(0, 2).map((e) => e.id)).toEqual(before.slice(0, 2).map((e) => e.id));
  });

  it('exports the series, its exception and its override, and another workspace imports them back the same', async () => {
    const text = await exportIcs(token);
    expect(text).toContain('RRULE:FREQ=WEEKLY;COUNT=14;BYDAY=MO\r\n');
    expect(text).toContain('DTSTART;TZID=Europe/Paris:20270104T100000\r\n');
    // The zone the series is written in comes with its VTIMEZONE (built from Intl).
    expect(text).toContain(
      'BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\nBEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\n' +
        'TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n',
    );
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20270118T100000\r\n');
    expect(text).toContain('RECURRENCE-ID:20270125T090000Z\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20270301\r\nDTEND;VALUE=DATE:20270303\r\n');
    const unfolded = text.replaceAll('\r\n ', '');
    expect(unfolded).toContain(
      'ATTENDEE;CN=Đặng Thu Hà;ROLE=OPT-PARTICIPANT;PARTSTAT=TENTATIVE:mailto:ha.dang@example.vn',
    );
    expect(unfolded).toContain('ORGANIZER;CN=Nina Laurent:mailto:nina.laurent@example.com');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const other = (await register(server)).token;
    expect(await importFile(other, text)).toEqual({
      status: 200,
      body: { imported: 3, skipped: [] },
    });
    const strip = (list: CalendarEvent[]) =>
      list.map((e) => [e.title, e.start, e.end, e.allDay, e.description, e.rrule, e.guests]);
    for (const [start, end] of [
      ['2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z'],
      ['2027-02-20T00:00:00Z', '2027-04-20T00:00:00Z'],
    ] as const) {
      expect(strip(await events(other, start, end))).toEqual(
        strip(await events(token, start, end)),
      );
    }
  });
});

describe('an Outlook export with Windows time zone names', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register(server)).token;
    const result = await importFile(token, fixture('outlook.ics'));
    expect(result).toEqual({ status: 200, body: { imported: 4, skipped: [] } });
  });

  it('reads 14:00 W. Europe Standard Time as 13:00Z in winter and 12:00Z in summer', async () => {
    const winter = await events(token, '2027-01-15T00:00:00Z', '2027-01-16T00:00:00Z');
    expect(times(winter)).toEqual([
      ['Quartalsbericht', '2027-01-15T13:00:00.000Z', '2027-01-15T14:00:00.000Z'],
    ]);
    const summer = await events(token, '2027-07-15T00:00:00Z', '2027-07-16T00:00:00Z');
    expect(times(summer)).toEqual([
      ['Sommerplanung', '2027-07-15T12:00:00.000Z', '2027-07-15T13:00:00.000Z'],
    ]);
  });

  it('repeats a weekly meeting at 14:00 Berlin time across the change to summer time', async () => {
    const spring = await events(token, '2027-03-01T00:00:00Z', '2027-05-01T00:00:00Z');
    expect(times(spring.filter((e) => e.title === 'Jour fixe'))).toEqual([
      ['Jour fixe', '2027-03-16T13:00:00.000Z', '2027-03-16T13:30:00.000Z'],
      ['Jour fixe', '2027-03-23T13:00:00.000Z', '2027-03-23T13:30:00.000Z'],
      ['Jour fixe', '2027-03-30T12:00:00.000Z', '2027-03-30T12:30:00.000Z'],
      ['Jour fixe', '2027-04-06T12:00:00.000Z', '2027-04-06T12:30:00.000Z'],
    ]);
    expect(spring.find((e) => e.title === 'Ostermontag')).toMatchObject({
      allDay: true,
      start: '2027-04-05T00:00:00.000Z',
      end: '2027-04-06T00:00:00.000Z',
    });
  });

  it('keeps attendees with their answer and role, and the organizer', async () => {
    const [review] = await events(token, '2027-01-15T00:00:00Z', '2027-01-16T00:00:00Z');
    expect(review!.organizer).toEqual({ email: 'j.mueller@example.de', name: 'Jürgen Müller' });
    expect(review!.guests).toEqual([
      {
        email: 'claire.dubois@example.fr',
        name: 'Claire Dubois',
        status: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
      {
        email: 'soren@example.dk',
        name: 'Søren Østergård',
        status: 'DECLINED',
        role: 'OPT-PARTICIPANT',
      },
    ]);
    expect(review!.description).toBe(
      'Budget 2027, headcount and the Q1 pipeline.\n\nMicrosoft Teams meeting: join from the invitation.\n',
    );
  });

  it('maps a Windows zone name without a VTIMEZONE through the Windows-to-IANA table', async () => {
    const file = [
      'BEGIN:VCALENDAR',
      'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:no-vtimezone-1',
      'DTSTART;TZID="Pacific Standard Time":20270115T090000',
      'DTEND;TZID="Pacific Standard Time":20270115T100000',
      'SUMMARY:West coast call',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect((await importFile(token, file)).body).toEqual({ imported: 1, skipped: [] });
    const day = await events(token, '2027-01-15T16:00:00Z', '2027-01-15T20:00:00Z');
    expect(times(day)).toEqual([
      ['West coast call', '2027-01-15T17:00:00.000Z', '2027-01-15T18:00:00.000Z'],
    ]);
  });
});

describe('an Apple Calendar export', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register(server)).token;
    expect((await importFile(token, fixture('apple.ics'))).body).toEqual({
      imported: 2,
      skipped: [],
    });
  });

  it('reads times in the VTIMEZONE, a yearly all-day series, escaped text and quoted names', async () => {
    const february = await events(token, '2027-02-10T00:00:00Z', '2027-02-11T00:00:00Z');
    expect(times(february)).toEqual([
      ['Contract review with Acme', '2027-02-10T14:00:00.000Z', '2027-02-10T15:00:00.000Z'],
    ]);
    expect(february[0]!.location).toBe(
      'Acme HQ\n500 Fifth Avenue, New York, NY 10110, United States',
    );
    expect(february[0]!.organizer).toEqual({ email: 'sam@example.com', name: "Sam O'Neil" });
    expect(february[0]!.guests?.map((g) => [g.name, g.status, g.role])).toEqual([
      ['Priya Raman', 'ACCEPTED', 'CHAIR'],
      ["Sam O'Neil", 'ACCEPTED', 'REQ-PARTICIPANT'],
    ]);
    const june = await events(token, '2027-06-01T00:00:00Z', '2027-07-01T00:00:00Z');
    expect(june.map((e) => [e.title, e.allDay, e.start, e.end, e.id.slice(-9)])).toEqual([
      [
        "Priya's birthday",
        true,
        '2027-06-12T00:00:00.000Z',
        '2027-06-13T00:00:00.000Z',
        '_20270612',
      ],
    ]);
  });
});

describe('occurrences through the API', () => {
  const weekly = (uid: string, rule = 'FREQ=WEEKLY;COUNT=5') =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTART:20270104T090000Z',
      'DTEND:20270104T100000Z',
      `RRULE:${rule}`,
      'SUMMARY:Stand-up',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');

  it('changes the whole series through an occurrence, and deletes a single occurrence', async () => {
    const { token } = await register(server);
    await importFile(token, weekly('standup-1'));
    const range = ['2027-01-01T00:00:00Z', '2027-02-15T00:00:00Z'] as const;
    const before = await events(token, ...range);
    expect(before).toHaveLength(5);
    const third = before[2]!;

    // Moved one hour later and renamed: every occurrence moves and is renamed.
    const update = await postJson(
      `${server.url}/meetings/events/update`,
      {
        eventId: third.id,
        event: {
          title: 'Daily stand-up',
          start: '2027-01-18T10:00:00Z',
          end: '2027-01-18T11:00:00Z',
        },
      },
      authed(token),
    );
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({
      title: 'Daily stand-up',
      start: '2027-01-18T10:00:00.000Z',
      seriesId: third.seriesId,
    });
    const moved = await events(token, ...range);
    expect(times(moved).map(([title, start]) => [title, start])).toEqual([
      ['Daily stand-up', '2027-01-04T10:00:00.000Z'],
      ['Daily stand-up', '2027-01-11T10:00:00.000Z'],
      ['Daily stand-up', '2027-01-18T10:00:00.000Z'],
      ['Daily stand-up', '2027-01-25T10:00:00.000Z'],
      ['Daily stand-up', '2027-02-01T10:00:00.000Z'],
    ]);

    const removed = await postJson(
      `${server.url}/meetings/events/delete`,
      { eventId: moved[1]!.id },
      authed(token),
    );
    expect(removed).toMatchObject({ status: 200, body: { eventId: moved[1]!.id } });
    const after = await events(token, ...range);
    expect(after.map((e) => e.start)).toEqual([
      '2027-01-04T10:00:00.000Z',
      '2027-01-18T10:00:00.000Z',
      '2027-01-25T10:00:00.000Z',
      '2027-02-01T10:00:00.000Z',
    ]);
    expect((await exportIcs(token)).replaceAll('\r\n ', '')).toContain('EXDATE:20270111T100000Z');

    // An occurrence that does not exist, and the id of no series.
    const ghost = `${third.seriesId}_20270104T083000Z`;
    expect(
      (
        await postJson(
          `${server.url}/meetings/events/update`,
          {
            eventId: `00000000-0000-4000-8000-000000000000_20270104T090000Z`,
            event: { title: 'x' },
          },
          authed(token),
        )
      ).status,
    ).toBe(404);
    expect(ghost).toMatch(/_20270104T083000Z$/);
  });

  it('bounds the expansion of a rule that repeats every second', async () => {
    const { token } = await register(server);
    expect((await importFile(token, weekly('every-second', 'FREQ=SECONDLY'))).body).toEqual({
      imported: 1,
      skipped: [],
    });
    const started = performance.now();
    const list = await events(token, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(list.length).toBe(1000);
    expect(list[0]!.start).toBe('2027-01-04T09:00:00.000Z');
    expect(list[999]!.start).toBe('2027-01-04T09:16:39.000Z');
  });
});

describe('bad and big files', () => {
  it('skips an event whose DURATION runs past the year 9999 with its reason, never a 500', async () => {
    const { token } = await register(server);
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:forever@example.com',
      'DTSTART:20270104T090000Z',
      'DURATION:P99999999W',
      'SUMMARY:Forever',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:fine@example.com',
      'DTSTART:20270104T090000Z',
      'DURATION:PT45M',
      'SUMMARY:Fine',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const result = await importFile(token, file);
    expect(result).toEqual({
      status: 200,
      body: {
        imported: 1,
        skipped: [
          { index: 0, reason: 'The duration "P99999999W" ends the event after the year 9999' },
        ],
      },
    });
    const list = await events(token, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z');
    expect(times(list)).toEqual([['Fine', '2027-01-04T09:00:00.000Z', '2027-01-04T09:45:00.000Z']]);
  });

  it('accepts a 2,000-event Google export with alarms, quickly', async () => {
    const { token } = await register(server);
    const header = fixture('google.ics').toString('utf8').split('BEGIN:VEVENT')[0]!;
    const lines: string[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const day = new Date(Date.UTC(2027, 0, 1) + i * 4 * 3_600_000);
      const stamp = day.toISOString().replace(/[-:]/g, '').slice(0, 15);
      lines.push(
        'BEGIN:VEVENT',
        `DTSTART;TZID=Europe/Paris:${stamp}`,
        `DTEND;TZID=Europe/Paris:${stamp.slice(0, 9)}${String(Number(stamp.slice(9, 11)) + 1).padStart(2, '0')}${stamp.slice(11)}`,
        'DTSTAMP:20261120T101500Z',
        'ORGANIZER;CN=Nina Laurent:mailto:nina.laurent@example.com',
        `UID:${i.toString(36).padStart(8, '0')}k2l3m4n5o6p7q8r9s0t1u2@google.com`,
        'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Nina Lau',
        ' rent;X-NUM-GUESTS=0:mailto:nina.laurent@example.com',
        'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=cli',
        ` ent${i}@example.org;X-NUM-GUESTS=0:mailto:client${i}@example.org`,
        'CREATED:20261102T083012Z',
        'DESCRIPTION:Rendez-vous client: présentation\\, démo et questions. Lien de la ré',
        ' union dans l’invitation.',
        'LAST-MODIFIED:20261120T101500Z',
        'LOCATION:Agence Beacon\\, 12 rue de la Paix\\, Paris',
        'SEQUENCE:0',
        'STATUS:CONFIRMED',
        `SUMMARY:Rendez-vous ${i + 1}`,
        'TRANSP:OPAQUE',
        'BEGIN:VALARM',
        'ACTION:EMAIL',
        'DESCRIPTION:This is an event reminder',
        'SUMMARY:Alarm notification',
        'ATTENDEE:mailto:nina.laurent@example.com',
        'TRIGGER:-P0DT0H30M0S',
        'END:VALARM',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:This is an event reminder',
        'TRIGGER:-P0DT0H10M0S',
        'END:VALARM',
        'END:VEVENT',
      );
    }
    const file = `${header}${lines.join('\r\n')}\r\nEND:VCALENDAR\r\n`;
    expect(Buffer.byteLength(file)).toBeGreaterThan(2 * 1024 * 1024);
    const started = performance.now();
    const result = await importFile(token, file);
    const took = performance.now() - started;
    expect(result).toEqual({ status: 200, body: { imported: 2000, skipped: [] } });
    expect(took).toBeLessThan(20_000);
    const list = await events(token, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z');
    expect(list).toHaveLength(2000);
    expect(list[0]).toMatchObject({
      title: 'Rendez-vous 1',
      start: '2026-12-31T23:00:00.000Z',
      description:
        'Rendez-vous client: présentation, démo et questions. Lien de la réunion dans l’invitation.',
    });
  });
});

describe('the feed', () => {
  it('answers ETag and Last-Modified, and 304 to If-None-Match or If-Modified-Since until it changes', async () => {
    const { token } = await register(server);
    const made = await postJson(`${server.url}/api/calendar/feed`, {}, authed(token));
    const url = made.body.url as string;
    const created = await postJson(
      `${server.url}/meetings/events/new`,
      {
        title: 'Pipeline review',
        start: new Date(Date.now() + 86_400_000).toISOString(),
        end: new Date(Date.now() + 90_000_000).toISOString(),
      },
      authed(token),
    );
    expect(created.status).toBe(201);

    const first = await fetch(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(await first.text()).toContain('SUMMARY:Pipeline review');

    // The same content keeps its validators.
    const second = await fetch(url);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('last-modified')).toBe(lastModified);

    const byTag = await fetch(url, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect(await byTag.text()).toBe('');
    expect((await fetch(url, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);
    expect((await fetch(url, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    expect((await fetch(url, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await fetch(url, { headers: { 'if-modified-since': earlier } })).status).toBe(200);

    // A deleted event changes the file: the old tag no longer matches.
    await postJson(
      `${server.url}/meetings/events/delete`,
      { eventId: created.body.id },
      authed(token),
    );
    const changed = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).not.toContain('Pipeline review');
  });
});
