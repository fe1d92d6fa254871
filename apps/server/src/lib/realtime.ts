import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@beacon/contract';
import type { Database, DatabaseHandle } from '../db/client.ts';

export const REALTIME_CHANNEL = 'beacon_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

/** What a client receives: `refetch` stands in for data too large to travel by NOTIFY. */
export type RealtimeMessage = { type: string; data: unknown; refetch?: boolean };
type Envelope = { w: string; m: RealtimeMessage };
type Executor = Pick<Database, 'execute'>;
export type Subscriber = (message: RealtimeMessage) => void;

/**
 * Workspace-scoped real-time events. A write publishes with `pg_notify` inside its own
 * transaction, so the event goes out only if the write commits. Every process LISTENs and hands
 * each event to its own subscribers of that workspace, so processes on one database stay in step.
 */
export class Realtime {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
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

  /** Publishes one of the contract's realtime events (`RealtimeEvent`) to the workspace. */
  async publish(executor: Executor, workspaceId: string, message: RealtimeEvent): Promise<void> {
    let payload = JSON.stringify({ w: workspaceId, m: message } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
      payload = JSON.stringify({
        w: workspaceId,
        m: { type: message.type, data: null, refetch: true },
      } satisfies Envelope);
    }
    await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
  }

  subscribe(workspaceId: string, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(workspaceId);
    if (!set) {
      set = new Set();
      this.subscribers.set(workspaceId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(workspaceId);
    };
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
    for (const subscriber of this.subscribers.get(envelope.w) ?? []) {
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
