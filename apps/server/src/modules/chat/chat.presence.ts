import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Connection, Realtime } from '../../lib/realtime.ts';
import * as repo from './chat.repository.ts';

/** How often a process tells the database its members are still connected. */
export const PRESENCE_TOUCH_MS = 30_000;
/** How often a process sweeps the rows of stopped processes (chat.repository.ts sweepPresence). */
export const PRESENCE_SWEEP_MS = 10 * 60_000;

/**
 * Presence across processes (docs/decisions/048-chat.md): each process counts the realtime
 * connections it holds per member in `chat_presence` (one row per member and process) and touches
 * them while they last; a process that dies stops touching, so its rows go stale and stop
 * counting, and a sweep drops them. A member's first connection and last disconnection here
 * publish `chat.presence`.
 */
export class ChatPresence {
  readonly instanceId = randomUUID();
  private readonly counts = new Map<string, { workspaceId: string; count: number }>();
  private queue: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private stopListening: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopListening = this.realtime.onConnection((connection, open) =>
      this.changed(connection, open),
    );
    this.timer = setInterval(() => this.enqueue(() => this.touch()), PRESENCE_TOUCH_MS);
    this.timer.unref();
    // Rows of processes that stopped: at start, then now and then.
    const sweep = () => this.enqueue(() => repo.sweepPresence(this.db).then(() => undefined));
    sweep();
    this.sweeper = setInterval(sweep, PRESENCE_SWEEP_MS);
    this.sweeper.unref();
  }

  private changed(connection: Connection, open: boolean): void {
    const entry = this.counts.get(connection.userId) ?? {
      workspaceId: connection.workspaceId,
      count: 0,
    };
    entry.count = Math.max(0, entry.count + (open ? 1 : -1));
    if (entry.count === 0) this.counts.delete(connection.userId);
    else this.counts.set(connection.userId, entry);
    const count = entry.count;
    // Only the first connection and the last one's end change what others see.
    if ((open && count !== 1) || (!open && count !== 0)) return;
    this.enqueue(async () => {
      await repo.setPresence(this.db, connection, this.instanceId, count);
      const status = await repo.presenceOfMember(this.db, connection);
      // To the others of the workspace: a member's own screens know they are there.
      const others = await repo.otherMemberIds(this.db, connection);
      if (others.length === 0) return;
      await this.realtime.publish(
        this.db,
        connection.workspaceId,
        { type: 'chat.presence', data: { userId: connection.userId, status } },
        { to: others },
      );
    });
  }

  private async touch(): Promise<void> {
    await repo.touchPresence(this.db, this.instanceId, [...this.counts.keys()]);
  }

  /** One write at a time, in order; a failure is logged, never thrown into a socket's handler. */
  private enqueue(work: () => Promise<void>): void {
    if (this.stopped) return;
    this.queue = this.queue.then(work).catch((error: unknown) => {
      if (!this.stopped) this.log.warn({ err: error }, 'chat presence could not be saved');
    });
  }

  /** Waits for the writes under way, then forgets this process's connections. */
  async stop(): Promise<void> {
    this.stopListening?.();
    clearInterval(this.timer);
    clearInterval(this.sweeper);
    await this.queue;
    this.stopped = true;
    try {
      await repo.setPresenceGone(this.db, this.instanceId);
    } catch (error) {
      this.log.debug({ err: error }, 'chat presence rows left to go stale');
    }
  }
}
