import type { NotificationPage } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { isTimestamp, isUuid } from '../../lib/records/sql.ts';
import type { Realtime } from '../../lib/realtime.ts';
import * as repo from './notifications.repository.ts';

/** A member's own notifications: read, count, mark read (any role: they are the member's). */
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  async list(
    caller: Caller,
    query: { unread?: boolean; limit: number; cursor?: string },
  ): Promise<NotificationPage> {
    let after: { createdAt: string; id: string } | null = null;
    if (query.cursor) {
      const [createdAt, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('|');
      if (!createdAt || !isUuid(id) || !isTimestamp(createdAt)) {
        throw fieldError('cursor', 'Not a cursor of this list; start again without one');
      }
      after = { createdAt, id };
    }
    const rows = await repo.listNotifications(this.db, caller, {
      unread: query.unread,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(({ cursorAt: _cursorAt, ...item }) => item),
      nextCursor:
        rows.length > query.limit && last
          ? Buffer.from(`${last.cursorAt}|${last.id}`).toString('base64url')
          : null,
      unread: await repo.unreadCount(this.db, caller),
    };
  }

  async unread(caller: Caller): Promise<{ unread: number }> {
    return { unread: await repo.unreadCount(this.db, caller) };
  }

  async markRead(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.markRead(tx, caller, id))) throw notFound('No such notification');
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'notifications.read',
        data: { userId: caller.userId },
      });
    });
  }

  async markAllRead(caller: Caller): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.markAllRead(tx, caller);
      await this.realtime.publish(tx, caller.workspaceId, {
        type: 'notifications.read',
        data: { userId: caller.userId },
      });
    });
  }
}
