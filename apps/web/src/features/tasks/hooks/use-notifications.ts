import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '@beacon/contract';
import { http } from '../../../lib/http.ts';
import { realtime } from '../../../lib/realtime.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';

/** The signed-in member's id is in every notification event: others' are ignored. */
type NotificationEvent = { userId?: string };

let zoneChecked = false;

/**
 * A member whose time zone is not set yet gets this device's, once per session, on any dashboard
 * page (not only on the tasks page): "today" on the home page, the tasks tabs and the due
 * notifications are then the same day (record 031).
 */
export function adoptTimeZoneOnce() {
  if (zoneChecked) return;
  zoneChecked = true;
  const zone = browserTimeZone();
  if (!zone) return;
  void http.get<{ timeZone: string | null }>('/api/tasks/time-zone').then(
    (setting) => {
      if (setting.timeZone === null) {
        void http.put('/api/tasks/time-zone', { json: { timeZone: zone } }).catch(() => undefined);
      }
    },
    () => undefined,
  );
}

/**
 * The unread count of the header's bell. Its first read waits until the page is idle, so the
 * first load of any screen does not wait on it; then it follows the member's notification events.
 * Light on purpose (no schema, no list): the drawer loads the list when opened.
 */
export function useUnreadNotifications(userId: string | null) {
  const [unread, setUnread] = useState(0);
  const read = useCallback(() => {
    void http.get<{ unread: number }>('/api/notifications/unread').then(
      (body) => setUnread(typeof body.unread === 'number' ? body.unread : 0),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (!userId) return;
    const idle = window.setTimeout(() => {
      read();
      adoptTimeZoneOnce();
    }, 1500);
    const leave = realtime.subscribe({
      types: ['notification.created', 'notifications.read'],
      onMessage: (message) => {
        if ((message.data as NotificationEvent | null)?.userId === userId) read();
      },
      onReady: read,
    });
    return () => {
      window.clearTimeout(idle);
      leave();
    };
  }, [userId, read]);
  return { unread, setUnread, refresh: read };
}

/** The drawer's list: read when it opens, and again on the member's notification events. */
export function useNotificationList(userId: string | null, open: boolean) {
  const [items, setItems] = useState<Notification[] | null>(null);
  const [error, setError] = useState(false);
  const live = useRef(open);
  live.current = open;
  const load = useCallback(() => {
    void import('../api/tasks-api.ts').then(({ tasksApi }) =>
      tasksApi.notifications().then(
        (page) => {
          setItems(page.items);
          setError(false);
        },
        () => setError(true),
      ),
    );
  }, []);
  useEffect(() => {
    if (!open || !userId) return;
    load();
    return realtime.subscribe({
      types: ['notification.created', 'notifications.read'],
      onMessage: (message) => {
        if (live.current && (message.data as NotificationEvent | null)?.userId === userId) load();
      },
    });
  }, [open, userId, load]);
  return { items, error, reload: load, setItems };
}
