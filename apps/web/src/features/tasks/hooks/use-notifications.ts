import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { http } from '../../../lib/http.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import { useUnreadNotificationsQuery } from '../api/notifications-api.ts';

let zoneChecked = false;

/**
 * A member whose time zone is not set yet gets this device's, once per session, on any dashboard
 * page (not only on the tasks page): "today" on the home page, the tasks tabs and the due
 * notifications are then the same day (record 031). A side effect, not data a screen shows: it
 * calls the server directly, light (no schema) as the header is on every page.
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
 * first load of any screen does not wait on it; then the cache follows the member's notification
 * events (`notifications-api.ts`).
 */
export function useUnreadNotifications(userId: string | null) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!userId) return;
    const timer = window.setTimeout(() => {
      setIdle(true);
      adoptTimeZoneOnce();
    }, 1500);
    return () => window.clearTimeout(timer);
  }, [userId]);
  // Read again whenever the header mounts: the count was not followed while it was away.
  const { data } = useUnreadNotificationsQuery(idle && userId ? userId : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  return { unread: data?.unread ?? 0 };
}
