import type { MemberTimeZones } from '@beacon/contract';

// A task's due time is entered and shown in its assignee's time zone, the zone the server counts
// its day in (docs/decisions/031-tasks.md, 038): a member in Paris who sets "tomorrow 9:00" for a
// colleague in Tokyo means 9:00 in Tokyo.

// Wall clocks of a zone are read in one place (utils/zoned-time.ts, with the home page's "today").
export { fromZonedInput, toZonedInput } from '../../../utils/zoned-time.ts';

/**
 * The zone a task's due time is in: its assignee's effective zone as the server answers it (their
 * own, else the workspace's), else the caller's (an unassigned task's day is its creator's), else
 * this device's (before the zones have loaded), else UTC.
 */
export function assigneeZone(
  zones: MemberTimeZones['items'] | undefined,
  assigneeId: string | null,
  callerId: string | null,
  device: string | null,
): string {
  const of = (id: string | null) => (id ? zones?.find((z) => z.userId === id)?.timeZone : null);
  return of(assigneeId) ?? of(callerId) ?? device ?? 'UTC';
}

/** A zone's name as a member reads it ("Tokyo", "New York"). */
export function zoneLabel(zone: string): string {
  const city = zone.split('/').at(-1) ?? zone;
  return city.replace(/_/g, ' ');
}
