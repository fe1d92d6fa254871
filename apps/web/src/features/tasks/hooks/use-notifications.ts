import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { request } from '../../../lib/http.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import { useUnreadNotificationsQuery } from '../api/notifications-api.ts';

// The header is on every dashboard page: the contract loads with the first call, once the page is
// idle, as the bell's does (notifications-api.ts).
const endpoints = () => import('@beacon/contract').then((c) => c.tasksEndpoints);

let zoneChecked = false;

/**
 * A member whose time zone is not set yet gets this device's, once per session, on any dashboard
 * page (not only on the tasks page): "today" on the home page, the tasks tabs and the due
 * notifications are then the same day (record 031). A side effect, not data a screen shows: it
 * calls the contract's time-zone endpoints directly, without the tasks area's cache.
 */
export function adoptTimeZoneOnce() {
  if (zoneChecked) return;
  zoneChecked = true;
  const zone = browserTimeZone();
  if (!zone) return;
  void endpoints()
    .then(async ({ timeZone, setTimeZone }) => {
      const setting = await request(timeZone.path, {
        method: timeZone.method,
        schema: timeZone.response,
      });
      if (setting.timeZone !== null) return;
      await request(setTimeZone.path, {
        method: setTimeZone.method,
        json: { timeZone: zone },
        schema: setTimeZone.response,
      });
    })
    .catch(() => undefined);
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
