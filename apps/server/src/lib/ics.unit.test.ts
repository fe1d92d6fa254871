import { describe, expect, it } from 'vitest';
import { formatIcs, parseIcs, unfoldIcs, type IcsEvent } from './ics.ts';

const meeting: IcsEvent = {
  uid: 'e1@beacon',
  title: 'Kick-off; with Acme, Inc.',
  description: 'Agenda:\n1. Goals\n2. Budget, timing',
  location: 'Salle 3 — Paris',
  allDay: false,
  start: new Date('2026-11-23T09:00:00Z'),
  end: new Date('2026-11-23T10:30:00Z'),
};
const offsite: IcsEvent = {
  uid: 'e2@beacon',
  title: 'Team offsite',
  description: '',
  location: '',
  allDay: true,
  start: new Date('2026-12-01T00:00:00Z'),
  end: new Date('2026-12-03T00:00:00Z'),
};

describe('formatIcs', () => {
  it('writes a calendar with CRLF lines, escaped text and UTC or date values', () => {
    const text = formatIcs([meeting, offsite], {
      name: 'Northwind',
      now: new Date('2026-11-21T00:00:00Z'),
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('DTSTART:20261123T090000Z\r\n');
    expect(text).toContain('DTEND:20261123T103000Z\r\n');
    expect(text).toContain('SUMMARY:Kick-off\\; with Acme\\, Inc.\r\n');
    expect(text).toContain('DESCRIPTION:Agenda:\\n1. Goals\\n2. Budget\\, timing\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20261201\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20261203\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = { ...meeting, description: 'é'.repeat(200) };
    const text = formatIcs([long], { name: 'x' });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parseIcs(text).events[0]?.description).toBe('é'.repeat(200));
  });

  it('round-trips through parseIcs', () => {
    const parsed = parseIcs(formatIcs([meeting, offsite], { name: 'x' }));
    expect(parsed.skipped).toEqual([]);
    const none = {
      timeZone: null,
      rrule: null,
      exdates: [],
      recurrenceId: null,
      organizer: null,
      guests: [],
    };
    expect(parsed.events).toEqual([
      { ...meeting, ...none, uid: 'e1@beacon' },
      { ...offsite, ...none, uid: 'e2@beacon' },
    ]);
  });
});

describe('parseIcs', () => {
  const wrap = (body: string) => `BEGIN:VCALENDAR\nVERSION:2.0\n${body}\nEND:VCALENDAR\n`;

  it('reads times in a named zone, floating times, durations and dates without an end', () => {
    const parsed = parseIcs(
      wrap(
        [
          'BEGIN:VEVENT',
          'DTSTART;TZID=Europe/Paris:20260701T140000',
          'DTEND;TZID=Europe/Paris:20260701T150000',
          'SUMMARY:Summer call',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'DTSTART;TZID="America/New_York":20260115T090000',
          'DURATION:PT1H30M',
          'SUMMARY:Winter call',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'DTSTART;VALUE=DATE:20260310',
          'SUMMARY:Holiday',
          'END:VEVENT',
        ].join('\n'),
      ),
    );
    expect(
      parsed.events.map((e) => [e.title, e.start.toISOString(), e.end.toISOString(), e.allDay]),
    ).toEqual([
      ['Summer call', '2026-07-01T12:00:00.000Z', '2026-07-01T13:00:00.000Z', false],
      ['Winter call', '2026-01-15T14:00:00.000Z', '2026-01-15T15:30:00.000Z', false],
      ['Holiday', '2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z', true],
    ]);
  });

  it('unfolds lines, ignores alarms inside events, and reports what it skips', () => {
    const parsed = parseIcs(
      '\uFEFF' +
        wrap(
          [
            'BEGIN:VEVENT',
            'DTSTART:20261123T090000Z',
            'DTEND:20261123T100000Z',
            'SUMMARY:A very long title that a calendar folded ',
            ' across two lines',
            'BEGIN:VALARM',
            'TRIGGER:-PT15M',
            'DESCRIPTION:Reminder',
            'END:VALARM',
            'END:VEVENT',
            'BEGIN:VEVENT',
            'SUMMARY:No start',
            'END:VEVENT',
            'BEGIN:VEVENT',
            'DTSTART:20261123T090000Z',
            'RRULE:FREQ=WEEKLY',
            'END:VEVENT',
            'BEGIN:VEVENT',
            'DTSTART:20261123T090000Z',
            'DTEND:20261122T090000Z',
            'END:VEVENT',
            'BEGIN:VEVENT',
            'DTSTART:tomorrow',
            'END:VEVENT',
          ].join('\r\n'),
        ),
    );
    // Repeating events are kept (with their rule) since record 023.
    expect(parsed.events).toHaveLength(2);
    expect(parsed.events[0]?.title).toBe(
      'A very long title that a calendar folded across two lines',
    );
    expect(parsed.events[0]?.description).toBe('');
    expect(parsed.events[1]?.rrule).toBe('FREQ=WEEKLY');
    expect(parsed.skipped.map((s) => s.index)).toEqual([1, 3, 4]);
    expect(parsed.skipped.map((s) => s.reason)).toEqual([
      'The event has no start (DTSTART)',
      'The event ends before it starts',
      'The start "tomo-rr-owT::" is not a date',
    ]);
  });

  it('joins folded lines on the bytes, so a character cut by a fold comes back whole', () => {
    const line = Buffer.from('SUMMARY:Réunion 会议', 'utf8');
    // Cut inside the three bytes of 会, as programs folding at 75 octets may.
    const cut = line.indexOf(Buffer.from('会', 'utf8')) + 1;
    const folded = Buffer.concat([line.subarray(0, cut), Buffer.from('\r\n '), line.subarray(cut)]);
    expect(unfoldIcs(folded)).toBe('SUMMARY:Réunion 会议');
    const file = Buffer.concat([
      Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20270101T090000Z\r\n'),
      folded,
      Buffer.from('\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
    ]);
    expect(parseIcs(file).events[0]?.title).toBe('Réunion 会议');
  });

  it('refuses text that is not a calendar', () => {
    expect(() => parseIcs('hello')).toThrow(/not an iCalendar/);
  });
});
