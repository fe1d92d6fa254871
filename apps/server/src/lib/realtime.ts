import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CRM_CHANGED, TASKS_CHANGED, type RealtimeEvent } from '@beacon/contract';
import type { Database, DatabaseHandle } from '../db/client.ts';

export const REALTIME_CHANNEL = 'beacon_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

/** What a client receives: `refetch` stands in for data too large to travel by NOTIFY. */
export type RealtimeMessage = { type: string; data: unknown; refetch?: boolean };
/** `u`: the only members who receive it (a chat message goes to its participants); all when absent. */
type Envelope = { w: string; m: RealtimeMessage; u?: readonly string[] };
type Executor = Pick<Database, 'execute'>;
export type Subscriber = (message: RealtimeMessage) => void;
/** A member's realtime connection, as the chat's presence counts them. */
export type Connection = { workspaceId: string; userId: string };
type ConnectionListener = (connection: Connection, open: boolean) => void;
type Entry = { subscriber: Subscriber; userId: string | undefined };

/**
 * A message as a member who sees only their own records receives it: without the ids of records
 * (docs/decisions/055). `crm.changed` loses its `id` (as a change of many has none), `tasks.changed`
 * its `ids`, and `deals.moved` its data (`refetch`); their screens read again, and so learn only
 * what they may see. Other messages carry no record ids.
 */
export function withoutRecordIds(message: RealtimeMessage): RealtimeMessage {
  const data = message.data as Record<string, unknown> | null;
  switch (message.type) {
    case CRM_CHANGED:
      return data ? { type: message.type, data: { ...data, id: null } } : message;
    case TASKS_CHANGED:
      return data ? { type: message.type, data: { ...data, ids: [] } } : message;
    case 'deals.moved':
      return { type: message.type, data: null, refetch: true };
    default:
      return message;
  }
}

/**
 * Workspace-scoped real-time events. A write publishes with `pg_notify` inside its own
 * transaction, so the event goes out only if the write commits. Every process LISTENs and hands
 * each event to its own subscribers of that workspace, so processes on one database stay in step.
 */
export class Realtime {
  private readonly subscribers = new Map<string, Set<Entry>>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.handle.listen(REALTIME_CHANNEL, (payload) =>
      this.dispatch(payload),
    );
  }

  /**
   * Publishes one of the contract's realtime events (`RealtimeEvent`) to the workspace, or only to
   * the members `to` names (their subscribers that gave their user id).
   */
  async publish(
    executor: Executor,
    workspaceId: string,
    message: RealtimeEvent,
    options: { to?: readonly string[] } = {},
  ): Promise<void> {
    const to = options.to ? { u: options.to } : {};
    let payload = JSON.stringify({ w: workspaceId, m: message, ...to } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
      payload = JSON.stringify({
        w: workspaceId,
        m: { type: message.type, data: null, refetch: true },
        ...to,
      } satisfies Envelope);
    }
    await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
  }

  /** `userId`: the member listening, who then also hears the events addressed to them. */
  subscribe(workspaceId: string, subscriber: Subscriber, userId?: string): () => void {
    let set = this.subscribers.get(workspaceId);
    if (!set) {
      set = new Set();
      this.subscribers.set(workspaceId, set);
    }
    const entry: Entry = { subscriber, userId };
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0) this.subscribers.delete(workspaceId);
    };
  }

  /** Hears every member's realtime connection open and close in this process (presence). */
  onConnection(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Called by the WebSocket route as a member's socket opens and closes. */
  connectionChanged(connection: Connection, open: boolean): void {
    for (const listener of this.connectionListeners) {
      try {
        listener(connection, open);
      } catch (error) {
        this.log.error({ err: error }, 'realtime connection listener failed');
      }
    }
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn('ignored a malformed realtime payload');
      return;
    }
    for (const { subscriber, userId } of this.subscribers.get(envelope.w) ?? []) {
      if (envelope.u && (userId === undefined || !envelope.u.includes(userId))) continue;
      try {
        subscriber(envelope.m);
      } catch (error) {
        this.log.error({ err: error }, 'realtime subscriber failed');
      }
    }
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    await this.stopListening?.();
  }
}
