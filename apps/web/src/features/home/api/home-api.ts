import type {
  HomeActivityList,
  HomeClosing,
  HomeMeetings,
  HomePipeline,
  HomeTasks,
  HomeWeek,
} from '@beacon/contract';
import type { Endpoint } from '@beacon/contract/endpoint';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import { dateIn, msToNextCheck } from '../utils/day.ts';

/** The home page's cards, one call each (`homeEndpoints` of the contract). */
export type HomeCardName = 'tasks' | 'meetings' | 'week' | 'pipeline' | 'closing' | 'activity';

/** Several changes in a burst (a bulk edit, an import) cost one read. */
export const LIVE_DEBOUNCE_MS = 400;

/**
 * The realtime messages that change each card: the card reads again on them (the messages carry
 * no home figures to patch in).
 */
export const HOME_LIVE: Record<HomeCardName, readonly string[]> = {
  tasks: ['tasks.*'],
  meetings: ['calendar.*'],
  week: ['tasks.*', 'deals.*', 'crm.changed'],
  pipeline: ['deals.*', 'pipelines.*', 'crm.changed'],
  closing: ['deals.*', 'pipelines.*', 'crm.changed'],
  activity: ['crm.changed', 'deals.*', 'pipelines.*'],
};

/** The cards whose answer depends on what day it is: read again when the member's day ends. */
const DAY_CARDS: HomeCardName[] = ['tasks', 'meetings', 'week', 'closing'];

/** The endpoint and its schemas load with the first call, not with the page (record 026). */
const endpointOf = (card: HomeCardName) => (): Promise<Endpoint> =>
  import('@beacon/contract').then((contract) => contract.homeEndpoints[card]);

/** The browser's time zone: what "today" means when the member has not set one. */
const zoneQuery = () => ({ tz: browserTimeZone() ?? undefined });

const tag = (card: HomeCardName) => ({ type: 'Home' as const, id: card });

type Lifecycle = Parameters<typeof followRealtime>[0] & {
  dispatch: (action: unknown) => unknown;
};

/** Keeps a card live: its messages (debounced) and a reconnect read it again. */
async function live(card: HomeCardName, lifecycle: Lifecycle) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => lifecycle.dispatch(homeApi.util.invalidateTags([tag(card)]));
  await followRealtime(lifecycle, {
    types: HOME_LIVE[card],
    onMessage: () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, LIVE_DEBOUNCE_MS);
    },
    onReconnect: refresh,
  });
  clearTimeout(timer);
}

/**
 * The day's end: while the tasks card is shown, the cards of "today" read again once the day
 * the tasks answer is of has passed in its zone (the member's, as the server read it). A tab
 * left open overnight thus shows the new day's tasks, meetings, week and month.
 */
async function followDay(
  lifecycle: Lifecycle & { getCacheEntry: () => { data?: HomeTasks } },
  now: () => number = Date.now,
) {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let removed = false;
  const schedule = () => {
    const data = lifecycle.getCacheEntry().data;
    if (removed || !data) return;
    timer = setTimeout(
      () => {
        const current = lifecycle.getCacheEntry().data ?? data;
        if (dateIn(now(), current.timeZone) !== current.date) {
          lifecycle.dispatch(homeApi.util.invalidateTags(DAY_CARDS.map(tag)));
        }
        schedule();
      },
      msToNextCheck(now(), data.timeZone),
    );
  };
  schedule();
  await lifecycle.cacheEntryRemoved;
  removed = true;
  clearTimeout(timer);
}

export const homeApi = api.enhanceEndpoints({ addTagTypes: ['Home'] }).injectEndpoints({
  endpoints: (build) => ({
    homeTasks: build.query<HomeTasks, void>({
      query: () => call(endpointOf('tasks'), { query: zoneQuery() }),
      providesTags: [tag('tasks')],
      async onCacheEntryAdded(_arg, lifecycle) {
        await Promise.all([live('tasks', lifecycle), followDay(lifecycle)]);
      },
    }),
    homeMeetings: build.query<HomeMeetings, void>({
      query: () => call(endpointOf('meetings'), { query: zoneQuery() }),
      providesTags: [tag('meetings')],
      onCacheEntryAdded: (_arg, lifecycle) => live('meetings', lifecycle),
    }),
    homeWeek: build.query<HomeWeek, void>({
      query: () => call(endpointOf('week'), { query: zoneQuery() }),
      providesTags: [tag('week')],
      onCacheEntryAdded: (_arg, lifecycle) => live('week', lifecycle),
    }),
    homePipeline: build.query<HomePipeline, void>({
      query: () => call(endpointOf('pipeline')),
      providesTags: [tag('pipeline')],
      onCacheEntryAdded: (_arg, lifecycle) => live('pipeline', lifecycle),
    }),
    homeClosing: build.query<HomeClosing, void>({
      query: () => call(endpointOf('closing'), { query: zoneQuery() }),
      providesTags: [tag('closing')],
      onCacheEntryAdded: (_arg, lifecycle) => live('closing', lifecycle),
    }),
    homeActivity: build.query<HomeActivityList, void>({
      query: () => call(endpointOf('activity')),
      providesTags: [tag('activity')],
      onCacheEntryAdded: (_arg, lifecycle) => live('activity', lifecycle),
    }),
  }),
});

export const {
  useHomeTasksQuery,
  useHomeMeetingsQuery,
  useHomeWeekQuery,
  useHomePipelineQuery,
  useHomeClosingQuery,
  useHomeActivityQuery,
} = homeApi;
