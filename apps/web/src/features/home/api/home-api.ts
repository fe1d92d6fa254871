import type {
  HomeActivityList,
  HomeClosing,
  HomeMeetings,
  HomePipeline,
  HomeTasks,
  HomeWeek,
} from '@beacon/contract';
import { api, call, lazyEndpoint } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { dateIn, msToNextCheck } from '../../../utils/zoned-time.ts';

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

/**
 * The six calls leave as the page opens; the contract and zod (their schemas) load beside them
 * and check the answers (record 026; `lazyEndpoint`, docs/adding-an-area.md).
 */
const contract = () => import('@beacon/contract');
const endpoints = {
  tasks: lazyEndpoint('GET', '/api/home/tasks', () =>
    contract().then((c) => c.homeEndpoints.tasks),
  ),
  meetings: lazyEndpoint('GET', '/api/home/meetings', () =>
    contract().then((c) => c.homeEndpoints.meetings),
  ),
  week: lazyEndpoint('GET', '/api/home/week', () => contract().then((c) => c.homeEndpoints.week)),
  pipeline: lazyEndpoint('GET', '/api/home/pipeline', () =>
    contract().then((c) => c.homeEndpoints.pipeline),
  ),
  closing: lazyEndpoint('GET', '/api/home/closing', () =>
    contract().then((c) => c.homeEndpoints.closing),
  ),
  activity: lazyEndpoint('GET', '/api/home/activity', () =>
    contract().then((c) => c.homeEndpoints.activity),
  ),
} satisfies Record<HomeCardName, unknown>;
const endpointOf = (card: HomeCardName) => endpoints[card];

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
      query: () => call(endpointOf('tasks')),
      providesTags: [tag('tasks')],
      async onCacheEntryAdded(_arg, lifecycle) {
        await Promise.all([live('tasks', lifecycle), followDay(lifecycle)]);
      },
    }),
    homeMeetings: build.query<HomeMeetings, void>({
      query: () => call(endpointOf('meetings')),
      providesTags: [tag('meetings')],
      onCacheEntryAdded: (_arg, lifecycle) => live('meetings', lifecycle),
    }),
    homeWeek: build.query<HomeWeek, void>({
      query: () => call(endpointOf('week')),
      providesTags: [tag('week')],
      onCacheEntryAdded: (_arg, lifecycle) => live('week', lifecycle),
    }),
    homePipeline: build.query<HomePipeline, void>({
      query: () => call(endpointOf('pipeline')),
      providesTags: [tag('pipeline')],
      onCacheEntryAdded: (_arg, lifecycle) => live('pipeline', lifecycle),
    }),
    homeClosing: build.query<HomeClosing, void>({
      query: () => call(endpointOf('closing')),
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
