import type { CalendarEvent } from '@beacon/contract';

/** Adds or replaces an event; the newer version wins, so an echo that arrives late changes nothing. */
export function upsertEvent(events: CalendarEvent[], event: CalendarEvent): void {
  const at = events.findIndex((e) => e.id === event.id);
  if (at === -1) {
    events.push(event);
    return;
  }
  if (Date.parse(event.updatedAt) < Date.parse(events[at]!.updatedAt)) return;
  events[at] = event;
}

export function removeEvent(events: CalendarEvent[], eventId: string): void {
  const at = events.findIndex((e) => e.id === eventId);
  if (at !== -1) events.splice(at, 1);
}
