import type {
  HomeActivityList,
  HomeClosing,
  HomeMeetings,
  HomePipeline,
  HomeTasks,
  HomeWeek,
} from '@beacon/contract';
import { http } from '../../../lib/http.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';

/** The schemas load with the first call, not with the page (docs/decisions/026-cold-first-visit.md). */
const contract = () => import('@beacon/contract');

/** The browser's time zone: what "today" means when the member has not set one. */
const query = () => ({ tz: browserTimeZone() ?? undefined });

/** The home page's calls (GET /api/home/…), one per card. */
export const homeApi = {
  tasks: (signal?: AbortSignal) =>
    http.get<HomeTasks>('/api/home/tasks', {
      query: query(),
      schema: () => contract().then((c) => c.homeTasksSchema),
      signal,
    }),
  meetings: (signal?: AbortSignal) =>
    http.get<HomeMeetings>('/api/home/meetings', {
      query: query(),
      schema: () => contract().then((c) => c.homeMeetingsSchema),
      signal,
    }),
  pipeline: (signal?: AbortSignal) =>
    http.get<HomePipeline>('/api/home/pipeline', {
      schema: () => contract().then((c) => c.homePipelineSchema),
      signal,
    }),
  closing: (signal?: AbortSignal) =>
    http.get<HomeClosing>('/api/home/closing', {
      query: query(),
      schema: () => contract().then((c) => c.homeClosingSchema),
      signal,
    }),
  week: (signal?: AbortSignal) =>
    http.get<HomeWeek>('/api/home/week', {
      query: query(),
      schema: () => contract().then((c) => c.homeWeekSchema),
      signal,
    }),
  activity: (signal?: AbortSignal) =>
    http.get<HomeActivityList>('/api/home/activity', {
      schema: () => contract().then((c) => c.homeActivityListSchema),
      signal,
    }),
};
