import { useEffect, useRef } from 'react';
import { CRM_CHANGED, crmChangeSchema, dealMovedSchema, type DealMoved } from '@beacon/contract';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeClient } from '../../../lib/realtime.ts';

export type DealsLiveEvent =
  | { kind: 'moved'; move: DealMoved }
  | { kind: 'pipelines' }
  /** Deals changed elsewhere (created, edited, deleted, bulk, import). */
  | { kind: 'changed'; id: string | null }
  /** The channel came back after a break: changes may have been missed. */
  | { kind: 'resync' };

/**
 * Calls `listener` for what other members (or this member in another tab) do to deals: moves on
 * the board (`deals.moved`), pipeline and stage edits (`pipelines.changed`), and other writes
 * (`crm.changed` on deals; this tab's own are skipped by their client id).
 */
export function useDealsLive(
  listener: (event: DealsLiveEvent) => void,
  client: RealtimeClient = realtime,
) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });

  useEffect(() => {
    let opened = client.status === 'open';
    return client.subscribe({
      types: [CRM_CHANGED, 'deals.moved', 'pipelines.changed'],
      onMessage: (message) => {
        if (message.type === 'deals.moved') {
          const parsed = dealMovedSchema.safeParse(message.data);
          if (parsed.success) latest.current({ kind: 'moved', move: parsed.data });
          else latest.current({ kind: 'resync' });
          return;
        }
        if (message.type === 'pipelines.changed') {
          latest.current({ kind: 'pipelines' });
          return;
        }
        const parsed = crmChangeSchema.safeParse(message.data);
        if (!parsed.success || parsed.data.origin === CLIENT_ID) return;
        if (parsed.data.entity === 'deals') latest.current({ kind: 'changed', id: parsed.data.id });
      },
      onReady: () => {
        if (opened) latest.current({ kind: 'resync' });
        opened = true;
      },
    });
  }, [client]);
}
