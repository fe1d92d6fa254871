import { describe, expect, it } from 'vitest';
import { formatDue } from './format.ts';
import { assigneeZone, fromZonedInput, toZonedInput } from './zoned-time.ts';

describe('due times in the assignee’s zone', () => {
  it('reads and writes a wall time in a zone, whatever the device’s', () => {
    // 9:00 in Tokyo (UTC+9, no summer time) is 0:00 UTC.
    expect(fromZonedInput('2026-11-25T09:00', 'Asia/Tokyo')).toBe('2026-11-25T00:00:00.000Z');
    expect(toZonedInput('2026-11-25T00:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-25T09:00');
    // The same instant is the evening before in Los Angeles (UTC−8 in November).
    expect(toZonedInput('2026-11-25T00:00:00.000Z', 'America/Los_Angeles')).toBe(
      '2026-11-24T16:00',
    );
    expect(fromZonedInput('2026-11-24T16:00', 'America/Los_Angeles')).toBe(
      '2026-11-25T00:00:00.000Z',
    );
    expect(fromZonedInput('2026-07-01T09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(fromZonedInput('2026-12-01T09:00', 'Europe/Paris')).toBe('2026-12-01T08:00:00.000Z');
  });

  it('round-trips across clock changes and refuses what is not a time', () => {
    for (const text of ['2026-03-29T01:30', '2026-03-29T03:30', '2026-10-25T04:00']) {
      expect(toZonedInput(fromZonedInput(text, 'Europe/Paris'), 'Europe/Paris')).toBe(text);
    }
    // 2:30 does not happen in Paris on 29 March 2026: the instant after the gap.
    expect(toZonedInput(fromZonedInput('2026-03-29T02:30', 'Europe/Paris'), 'Europe/Paris')).toBe(
      '2026-03-29T03:30',
    );
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(fromZonedInput('25/11/2026 09:00', 'UTC')).toBeNull();
    expect(toZonedInput(null, 'UTC')).toBe('');
  });

  it('takes the assignee’s zone, else the caller’s, else the device’s', () => {
    // The server answers effective zones: `b` set none and has the workspace's.
    const zones = [
      { userId: 'a', timeZone: 'Asia/Tokyo' },
      { userId: 'b', timeZone: 'America/Chicago' },
      { userId: 'me', timeZone: 'Europe/Paris' },
    ];
    expect(assigneeZone(zones, 'a', 'me', 'America/New_York')).toBe('Asia/Tokyo');
    expect(assigneeZone(zones, 'b', 'me', 'America/New_York')).toBe('America/Chicago');
    // Someone no longer listed (deactivated): the caller's.
    expect(assigneeZone(zones, 'gone', 'me', 'America/New_York')).toBe('Europe/Paris');
    expect(assigneeZone(zones, null, 'me', 'America/New_York')).toBe('Europe/Paris');
    expect(assigneeZone(undefined, 'a', 'me', 'America/New_York')).toBe('America/New_York');
    expect(assigneeZone([], null, null, null)).toBe('UTC');
  });

  it('shows a due time in the assignee’s clock, naming the zone when it is not the device’s', () => {
    const iso = '2026-11-25T00:00:00.000Z';
    const tokyo = formatDue(iso, 'en', 'Asia/Tokyo', 'Europe/Paris');
    expect(tokyo).toMatch(/09:00/);
    expect(tokyo).toMatch(/GMT\+9/);
    const home = formatDue(iso, 'en', 'Europe/Paris', 'Europe/Paris');
    expect(home).toMatch(/01:00/);
    expect(home).not.toMatch(/GMT/);
  });
});
