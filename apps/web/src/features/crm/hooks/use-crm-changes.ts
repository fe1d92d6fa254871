import { useEffect, useRef } from 'react';
import { CRM_CHANGED, crmChangeSchema, type CrmChange } from '@beacon/contract';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeClient } from '../../../lib/realtime.ts';

/**
 * Calls `listener` for each CRM change made in the workspace from anywhere but this tab (another
 * member, or the same member in another tab: `crm.changed` on the realtime channel), and with
 * `null` when the channel comes back after a break, since changes may have been missed. The
 * channel opening along with the screen is not a break: the screen has just read its data.
 */
export function useCrmChanges(
  listener: (change: CrmChange | null) => void,
  client: RealtimeClient = realtime,
) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });

  useEffect(() => {
    // Joining a socket that is already open: the next `ready` can only follow a break.
    let opened = client.status === 'open';
    return client.subscribe({
      types: [CRM_CHANGED],
      onMessage: (message) => {
        const parsed = crmChangeSchema.safeParse(message.data);
        if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
        latest.current(parsed.data);
      },
      onReady: () => {
        if (opened) latest.current(null);
        opened = true;
      },
    });
  }, [client]);
}
