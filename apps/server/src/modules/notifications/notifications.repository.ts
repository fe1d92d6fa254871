import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

// Every SQL statement over notifications. A member reads and marks only their own.

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  taskId: notifications.taskId,
  conversationId: notifications.conversationId,
  at: notifications.at,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

export async function listNotifications(
  db: Executor,
  owner: { workspaceId: string; userId: string },
  options: { unread?: boolean; limit: number; after: { createdAt: string; id: string } | null },
): Promise<(Notification & { cursorAt: string })[]> {
  const where = [
    eq(notifications.workspaceId, owner.workspaceId),
    eq(notifications.userId, owner.userId),
  ];
  if (options.unread) where.push(isNull(notifications.readAt));
  if (options.after) {
    // The database's own text of the time (microseconds), not a JavaScript date (milliseconds).
    const at = sql`${options.after.createdAt}::timestamptz`;
    where.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${at}, ${options.after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ ...columns, cursorAt: sql<string>`${notifications.createdAt}::text` })
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
  return rows.map((r) => ({
    ...r,
    at: iso(r.at),
    readAt: iso(r.readAt),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function unreadCount(
  db: Executor,
  owner: { workspaceId: string; userId: string },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.workspaceId, owner.workspaceId),
        eq(notifications.userId, owner.userId),
        isNull(notifications.readAt),
      ),
    );
  return Number(row?.count ?? 0);
}

export async function markRead(
  db: Executor,
  owner: { workspaceId: string; userId: string },
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(
        eq(notifications.workspaceId, owner.workspaceId),
        eq(notifications.userId, owner.userId),
        eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllRead(
  db: Executor,
  owner: { workspaceId: string; userId: string },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.workspaceId, owner.workspaceId),
        eq(notifications.userId, owner.userId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export type RaisedNotification = { id: string; workspaceId: string; userId: string };

/**
 * Raises one `task_due` notification for each open task whose due time has come and that was
 * not announced yet (to its assignee, else its creator), and marks those tasks announced, in one
 * statement: two workers running it at once cannot announce a task twice (the update locks the
 * rows; the second finds them announced).
 */
export async function raiseDueNotifications(
  db: Executor,
  batch: number,
): Promise<RaisedNotification[]> {
  const result = (await db.execute(sql`
    with due as (
      select id from tasks
      where status = 'open' and due_notified_at is null and due_at is not null and due_at <= now()
      order by due_at
      limit ${batch}
      for update skip locked
    ), marked as (
      update tasks t set due_notified_at = now()
      from due where t.id = due.id
      returning t.id, t.workspace_id, t.title, t.due_at, coalesce(t.assignee_id, t.created_by) as user_id
    )
    insert into notifications (workspace_id, user_id, kind, title, task_id, at)
    select workspace_id, user_id, 'task_due', title, id, due_at from marked
    where user_id is not null
    returning id, workspace_id as "workspaceId", user_id as "userId"`)) as unknown as {
    rows: RaisedNotification[];
  };
  return result.rows;
}

/**
 * Raises one `chat_mention` notification for each member a chat message mentions (issue 10),
 * titled with what the message said (cut short).
 */
export async function raiseChatMentions(
  db: Executor,
  values: { workspaceId: string; conversationId: string; userIds: string[]; title: string },
): Promise<RaisedNotification[]> {
  if (values.userIds.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      values.userIds.map((userId) => ({
        workspaceId: values.workspaceId,
        userId,
        kind: 'chat_mention' as const,
        title: values.title,
        conversationId: values.conversationId,
      })),
    )
    .returning({
      id: notifications.id,
      workspaceId: notifications.workspaceId,
      userId: notifications.userId,
    });
  return rows;
}
