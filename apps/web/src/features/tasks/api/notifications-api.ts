import type { NotificationPage } from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';

// The header's bell and drawer are on every dashboard page: the endpoints and their schemas load
// with the first call, not with the page (docs/decisions/017-sign-in-bundle.md).
const endpoints = () => import('@beacon/contract').then((c) => c.notificationsEndpoints);

const NOTIFICATION_EVENTS = ['notification.created', 'notifications.read'] as const;

/**
 * Keeps an entry of `userId`'s notifications live: a notification raised for them or read by
 * them (in any tab) reads it again; other members' events are ignored. A reconnect reads again.
 */
function liveNotifications(userId: string) {
  return async (
    _arg: unknown,
    lifecycle: {
      cacheDataLoaded: Promise<unknown>;
      cacheEntryRemoved: Promise<unknown>;
      dispatch: (action: unknown) => unknown;
    },
  ) => {
    const again = () => lifecycle.dispatch(notificationsApi.util.invalidateTags(['Notifications']));
    await followRealtime(lifecycle, {
      types: NOTIFICATION_EVENTS,
      onMessage: (message) => {
        if ((message.data as { userId?: string } | null)?.userId === userId) again();
      },
      onReconnect: again,
    });
  };
}

/**
 * The signed-in member's notifications (the header's bell and drawer), through RTK Query. The
 * argument of the reads is the member's id: their events keep them live, and a cache never
 * serves another member's.
 */
export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Notifications'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The drawer's list: the 30 newest. */
      notifications: build.query<NotificationPage, string>({
        query: () => call(() => endpoints().then((e) => e.list), { query: { limit: 30 } }),
        providesTags: ['Notifications'],
        onCacheEntryAdded: (userId, lifecycle) => liveNotifications(userId)(userId, lifecycle),
      }),
      /** The bell's count. */
      unreadNotifications: build.query<{ unread: number }, string>({
        query: () => call(() => endpoints().then((e) => e.unread)),
        providesTags: ['Notifications'],
        onCacheEntryAdded: (userId, lifecycle) => liveNotifications(userId)(userId, lifecycle),
      }),
      /** Marks one read: the drawer and the bell show it at once. */
      markNotificationRead: build.mutation<null, { id: string; userId: string }>({
        query: ({ id }) => call(() => endpoints().then((e) => e.read), { params: { id } }),
        onQueryStarted: async ({ id, userId }, { dispatch, queryFulfilled }) => {
          const now = new Date().toISOString();
          const list = dispatch(
            notificationsApi.util.updateQueryData('notifications', userId, (page) => {
              const item = page.items.find((n) => n.id === id);
              if (item && !item.readAt) {
                item.readAt = now;
                page.unread = Math.max(0, page.unread - 1);
              }
            }),
          );
          const count = dispatch(
            notificationsApi.util.updateQueryData('unreadNotifications', userId, (draft) => {
              draft.unread = Math.max(0, draft.unread - 1);
            }),
          );
          try {
            await queryFulfilled;
          } catch {
            list.undo();
            count.undo();
          }
        },
      }),
      /** Marks all read. */
      markAllNotificationsRead: build.mutation<null, string>({
        query: () => call(() => endpoints().then((e) => e.readAll)),
        onQueryStarted: async (userId, { dispatch, queryFulfilled }) => {
          const now = new Date().toISOString();
          const list = dispatch(
            notificationsApi.util.updateQueryData('notifications', userId, (page) => {
              for (const item of page.items) item.readAt ??= now;
              page.unread = 0;
            }),
          );
          const count = dispatch(
            notificationsApi.util.updateQueryData('unreadNotifications', userId, (draft) => {
              draft.unread = 0;
            }),
          );
          try {
            await queryFulfilled;
          } catch {
            list.undo();
            count.undo();
          }
        },
      }),
    }),
  });

export const {
  useNotificationsQuery,
  useUnreadNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
