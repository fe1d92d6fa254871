import {
  HOME_LIST_LIMIT,
  HOME_MEETINGS_LIMIT,
  type HomeActivityList,
  type HomeClosing,
  type HomeMeetings,
  type HomePipeline,
  type HomeTasks,
  type HomeWeek,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { ownerScope } from '../../lib/records/scope.ts';
import type { Caller } from '../../lib/caller.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import * as repo from './home.repository.ts';
import { dayOf, effectiveZoneOf, monthOf, weekOf } from '../../lib/time-zones.ts';

/**
 * The home page's cards, read only: each method answers one card, with bounded queries (a count
 * and the first rows of an index range, or a few grouped sums over an index range). "Today",
 * "this week" and "this month" are read in the member's own time zone, else in the browser's
 * (`tz`), else in UTC (docs/decisions/033-home.md).
 */
export class HomeService {
  constructor(
    private readonly db: Database,
    private readonly calendar: CalendarService,
    private readonly now: () => number = Date.now,
  ) {}

  /** The member's effective zone (lib/time-zones.ts); the query's `tz` no longer decides. */
  private async zone(caller: Caller): Promise<string> {
    return effectiveZoneOf(this.db, caller);
  }

  /** The caller's open tasks due today and overdue: a count and the first few of each. */
  async tasks(caller: Caller): Promise<HomeTasks> {
    const timeZone = await this.zone(caller);
    const day = dayOf(this.now(), timeZone);
    const [dueToday, overdue] = await Promise.all([
      repo.openTasksDue(
        this.db,
        caller.workspaceId,
        caller.userId,
        { from: day.start, to: day.end },
        HOME_LIST_LIMIT,
      ),
      repo.openTasksDue(
        this.db,
        caller.workspaceId,
        caller.userId,
        { to: day.start },
        HOME_LIST_LIMIT,
      ),
    ]);
    return { date: day.date, timeZone, dueToday, overdue };
  }

  /** Today's events of the workspace calendar (series expanded), in start order. */
  async meetings(caller: Caller): Promise<HomeMeetings> {
    const timeZone = await this.zone(caller);
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

  /** The caller's week so far (Monday to Sunday): tasks done, deals won and their amount. */
  async week(caller: Caller): Promise<HomeWeek> {
    const week = weekOf(this.now(), await this.zone(caller));
    const done = await repo.tasksDoneByDay(
      this.db,
      caller.workspaceId,
      caller.userId,
      week.days,
      week.end,
    );
    const { perDay: won, won: amounts } = await repo.dealsWonByDay(
      this.db,
      caller.workspaceId,
      caller.userId,
      week.days,
      week.end,
    );
    return {
      weekStart: week.dates[0]!,
      tasksDone: done.reduce((a, b) => a + b, 0),
      dealsWon: won.reduce((a, b) => a + b, 0),
      won: amounts,
      days: week.dates.map((date, i) => ({ date, tasksDone: done[i]!, dealsWon: won[i]! })),
    };
  }

  /** The open deals of the default pipeline by stage: count, sum and weighted sum. */
  async pipeline(caller: Caller): Promise<HomePipeline> {
    const pipeline = await repo.defaultPipeline(this.db, caller.workspaceId);
    if (!pipeline) return { pipeline: null, stages: [] };
    return {
      pipeline,
      stages: await repo.openStages(this.db, caller.workspaceId, pipeline.id, ownerScope(caller)),
    };
  }

  /** Open deals expected to close this month (in the member's zone), every pipeline. */
  async closing(caller: Caller): Promise<HomeClosing> {
    const month = monthOf(this.now(), await this.zone(caller));
    const closing = await repo.openDealsClosing(
      this.db,
      caller.workspaceId,
      month.first,
      month.last,
      HOME_LIST_LIMIT,
      ownerScope(caller),
    );
    return { month: month.month, ...closing };
  }

  async activity(caller: Caller): Promise<HomeActivityList> {
    return {
      items: await repo.recentActivity(this.db, caller.workspaceId, undefined, ownerScope(caller)),
    };
  }
}
