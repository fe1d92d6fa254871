import { useEffect, useRef } from 'react';
import { CRM_CHANGED, crmChangeSchema, type CrmChange } from '@beacon/contract';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime } from '../../../lib/realtime.ts';

/**
 * Calls `listener` for each CRM change made in the workspace from anywhere but this tab (another
 * member, or the same member in another tab: `crm.changed` on the realtime channel), and with `null` each time the channel is (again) ready: changes may
 * have been missed while it was away.
 */
export function useCrmChanges(listener: (change: CrmChange | null) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });

  useEffect(() => {
    return realtime.subscribe({
      types: [CRM_CHANGED],
      onMessage: (message) => {
        const parsed = crmChangeSchema.safeParse(message.data);
        if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
        latest.current(parsed.data);
      },
      onReady: () => latest.current(null),
    });
  }, []);
}
