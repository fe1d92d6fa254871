import {
  HOME_MEETINGS_LIMIT,
  type HomeActivityList,
  type HomeMeetings,
  type HomeQuery,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import * as repo from './home.repository.ts';
import { dayOf } from './home.time.ts';

/** The zone a call's "today" is read in: the browser's, else UTC. */
export const zoneOf = (query: HomeQuery): string => query.tz ?? 'UTC';

/**
 * The home page's cards, read only: each method answers one card, with bounded queries (a count
 * and the first rows of an index range, or a few grouped sums over an index range).
 */
export class HomeService {
  constructor(
    private readonly db: Database,
    private readonly calendar: CalendarService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Today's events of the workspace calendar (series expanded), in start order. */
  async meetings(caller: Caller, query: HomeQuery): Promise<HomeMeetings> {
    const timeZone = zoneOf(query);
    const day = dayOf(this.now(), timeZone);
    const events = await this.calendar.list(caller, {
      start: day.start.toISOString(),
      end: day.end.toISOString(),
    });
    // The calendar's range is inclusive at both ends: an event ending at midnight is yesterday's.
    const today = events.filter(
      (e) =>
        Date.parse(e.start) < day.end.getTime() &&
        (Date.parse(e.end) > day.start.getTime() || e.start === e.end),
    );
    return {
      date: day.date,
      timeZone,
      count: today.length,
      items: today.slice(0, HOME_MEETINGS_LIMIT).map((e) => ({
        id: e.id,
        title: e.title,
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        location: e.location,
        color: e.color,
        mine: e.createdBy === caller.userId || e.attendeeIds.includes(caller.userId),
      })),
    };
  }

  async activity(caller: Caller): Promise<HomeActivityList> {
    return { items: await repo.recentActivity(this.db, caller.workspaceId) };
  }
}
