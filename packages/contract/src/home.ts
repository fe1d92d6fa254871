import { endpoint } from './endpoint.ts';
import { minorSumField } from './fields.ts';
import { subjectTypeSchema } from './notes.ts';
import {
  HOME_ACTIVITY_LIMIT,
  HOME_COUNT_CAP,
  HOME_LIST_LIMIT,
  HOME_MEETINGS_LIMIT,
} from './values.ts';
import { z } from './z.ts';

/**
 * The member's home (`/dashboard/app`): one call per card, each answering only what its card
 * shows (a count and the first few rows, or a handful of sums), so every call stays bounded
 * whatever the size of the workspace. Any member may read them.
 */

export { HOME_ACTIVITY_LIMIT, HOME_COUNT_CAP, HOME_LIST_LIMIT, HOME_MEETINGS_LIMIT };

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The query of every home call. "Today", "this week" and "this month" are the member's effective
 * zone's (their own, else the workspace's, else UTC: record 055); `tz`, the browser's zone, is
 * still accepted from pages of before but no longer decides.
 */
export const homeQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'Not a time zone (use an IANA name such as Europe/Paris)' })
    .optional(),
});
export type HomeQuery = z.infer<typeof homeQuerySchema>;

/**
 * A sum of amounts in one currency: minor units as decimal strings, exact beyond 2^53 like the
 * deals board's sums (record 037); `weighted` follows the one rule of weighted sums.
 */
export const homeMoneySchema = z
  .object({ currency: z.string(), amount: minorSumField, weighted: minorSumField })
  .meta({ id: 'HomeMoney' });
export type HomeMoney = z.infer<typeof homeMoneySchema>;

/** The record a task or an activity is about. */
export const homeSubjectSchema = z
  .object({ type: z.string(), id: z.string(), name: z.string() })
  .meta({ id: 'HomeSubject' });
export type HomeSubject = z.infer<typeof homeSubjectSchema>;

/** One of the caller's open tasks. */
export const homeTaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    type: z.string(),
    priority: z.string(),
    dueAt: z.string().nullable(),
    subject: homeSubjectSchema.nullable(),
  })
  .meta({ id: 'HomeTask' });
export type HomeTask = z.infer<typeof homeTaskSchema>;

const taskBucketSchema = z.object({ count: z.number().int(), items: z.array(homeTaskSchema) });

/** GET /api/home/tasks: the caller's open tasks due today and overdue, each a count and the first few. */
export const homeTasksSchema = z
  .object({
    /** The day "today" is (YYYY-MM-DD) and the zone it was read in: the page reads again when it ends. */
    date: z.string(),
    timeZone: z.string(),
    dueToday: taskBucketSchema,
    overdue: taskBucketSchema,
  })
  .meta({ id: 'HomeTasks' });
export type HomeTasks = z.infer<typeof homeTasksSchema>;

export const homeMeetingSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    allDay: z.boolean(),
    location: z.string(),
    color: z.string(),
    /** The caller attends it or made it. */
    mine: z.boolean(),
  })
  .meta({ id: 'HomeMeeting' });
export type HomeMeeting = z.infer<typeof homeMeetingSchema>;

/** GET /api/home/meetings: the workspace calendar's events of today, in start order. */
export const homeMeetingsSchema = z
  .object({
    /** The day they are of (YYYY-MM-DD) and the zone it was read in. */
    date: z.string(),
    timeZone: z.string(),
    count: z.number().int(),
    items: z.array(homeMeetingSchema),
  })
  .meta({ id: 'HomeMeetings' });
export type HomeMeetings = z.infer<typeof homeMeetingsSchema>;

export const homeStageSchema = z
  .object({
    id: z.string(),
    /** As stored (English for the default stages); the web words `key` in the reader's language. */
    name: z.string(),
    /** A default stage's key (`proposal`…) until it is renamed (record 037), else null. */
    key: z.string().nullable(),
    /** Win probability, 0–100. */
    probability: z.number().int(),
    count: z.number().int(),
    /** Sum and probability-weighted sum of the stage's open deals, per currency. */
    totals: z.array(homeMoneySchema),
  })
  .meta({ id: 'HomeStage' });
export type HomeStage = z.infer<typeof homeStageSchema>;

/** GET /api/home/pipeline: the open deals of the default pipeline, by stage in the pipeline's order. */
export const homePipelineSchema = z
  .object({
    pipeline: z.object({ id: z.string(), name: z.string(), key: z.string().nullable() }).nullable(),
    stages: z.array(homeStageSchema),
  })
  .meta({ id: 'HomePipeline' });
export type HomePipeline = z.infer<typeof homePipelineSchema>;

export const homeDealSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    closeDate: z.string().nullable(),
    stageName: z.string(),
    /** The stage's key when it is a default one (record 037), else null. */
    stageKey: z.string().nullable(),
    companyName: z.string().nullable(),
  })
  .meta({ id: 'HomeDeal' });
export type HomeDeal = z.infer<typeof homeDealSchema>;

/** GET /api/home/closing: open deals expected to close this month (every pipeline). */
export const homeClosingSchema = z
  .object({
    /** YYYY-MM. */
    month: z.string(),
    count: z.number().int(),
    totals: z.array(homeMoneySchema),
    items: z.array(homeDealSchema),
  })
  .meta({ id: 'HomeClosing' });
export type HomeClosing = z.infer<typeof homeClosingSchema>;

export const homeActivitySchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    subjectType: subjectTypeSchema,
    subject: homeSubjectSchema,
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    field: z.string().nullable(),
    newValue: z.string().nullable(),
    listName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'HomeActivity' });
export type HomeActivity = z.infer<typeof homeActivitySchema>;

/** GET /api/home/activity: the workspace's latest activity, newest first. */
export const homeActivityListSchema = z
  .object({ items: z.array(homeActivitySchema) })
  .meta({ id: 'HomeActivityList' });
export type HomeActivityList = z.infer<typeof homeActivityListSchema>;

export const homeDaySchema = z
  .object({ date: z.string(), tasksDone: z.number().int(), dealsWon: z.number().int() })
  .meta({ id: 'HomeDay' });
export type HomeDay = z.infer<typeof homeDaySchema>;

/** GET /api/home/week: the caller's numbers since Monday: tasks done, deals won and their amount. */
export const homeWeekSchema = z
  .object({
    /** The Monday the week starts on (YYYY-MM-DD). */
    weekStart: z.string(),
    tasksDone: z.number().int(),
    dealsWon: z.number().int(),
    won: z.array(homeMoneySchema),
    /** Monday to Sunday. */
    days: z.array(homeDaySchema),
  })
  .meta({ id: 'HomeWeek' });
export type HomeWeek = z.infer<typeof homeWeekSchema>;

/**
 * The home API (`apps/server/src/modules/home/home.routes.ts`): one read per card, open to every
 * member. Those whose answer depends on the day count it in the member's effective zone.
 */
export const homeEndpoints = {
  tasks: endpoint({
    method: 'GET',
    path: '/api/home/tasks',
    summary: 'Your open tasks due today and overdue: counts (up to 1000) and the first few',
    query: homeQuerySchema,
    response: homeTasksSchema,
  }),
  week: endpoint({
    method: 'GET',
    path: '/api/home/week',
    summary: 'Your week so far: tasks done, deals won and their amount, by day',
    query: homeQuerySchema,
    response: homeWeekSchema,
  }),
  meetings: endpoint({
    method: 'GET',
    path: '/api/home/meetings',
    summary: "Today's meetings of the workspace calendar (today in your time zone)",
    query: homeQuerySchema,
    response: homeMeetingsSchema,
  }),
  pipeline: endpoint({
    method: 'GET',
    path: '/api/home/pipeline',
    summary: 'Open deals of the default pipeline by stage: count, sum and weighted sum',
    response: homePipelineSchema,
  }),
  closing: endpoint({
    method: 'GET',
    path: '/api/home/closing',
    summary: 'Open deals expected to close this month: count, sums and the first few',
    query: homeQuerySchema,
    response: homeClosingSchema,
  }),
  activity: endpoint({
    method: 'GET',
    path: '/api/home/activity',
    summary: 'The latest activity of the workspace',
    response: homeActivityListSchema,
  }),
};
