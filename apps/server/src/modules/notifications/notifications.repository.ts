import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';

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

/** A due task to announce by e-mail, as its member chose (account notifications). */
export type DueMail = { workspaceId: string; email: string; firstName: string; title: string };

/**
 * Raises one `task_due` notification for each open task whose due time has come and that was
 * not announced yet (to its assignee, else its creator), and marks those tasks announced, in one
 * statement: two workers running it at once cannot announce a task twice (the update locks the
 * rows; the second finds them announced). The member's choices (`notification_preferences`,
 * decision 046) decide: in the app unless turned off, by e-mail when turned on.
 */
export async function raiseDueNotifications(
  db: Executor,
  batch: number,
): Promise<{ raised: RaisedNotification[]; mails: DueMail[]; marked: number }> {
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
    ), chosen as (
      select m.*, coalesce(p.in_app, true) as in_app, coalesce(p.email, false) as by_mail
      from marked m
      left join notification_preferences p on p.user_id = m.user_id and p.kind = 'task_due'
      where m.user_id is not null
    ), raised as (
      insert into notifications (workspace_id, user_id, kind, title, task_id, at)
      select workspace_id, user_id, 'task_due', title, id, due_at from chosen where in_app
      returning id, workspace_id, user_id
    )
    select 'raised' as what, id::text as id, workspace_id::text as "workspaceId",
      user_id::text as "userId", null as email, null as "firstName", null as title
    from raised
    union all
    select 'mail', null, c.workspace_id::text, c.user_id::text, u.email, u.first_name, c.title
    from chosen c join users u on u.id = c.user_id and u.status = 'active'
    where c.by_mail
    union all
    select 'marked', null, null, null, null, null, (select count(*) from marked)::text`)) as unknown as {
    rows: {
      what: 'raised' | 'mail' | 'marked';
      id: string;
      workspaceId: string;
      userId: string;
      email: string;
      firstName: string;
      title: string;
    }[];
  };
  const raised: RaisedNotification[] = [];
  const mails: DueMail[] = [];
  let marked = 0;
  for (const row of result.rows) {
    if (row.what === 'raised') {
      raised.push({ id: row.id, workspaceId: row.workspaceId, userId: row.userId });
    } else if (row.what === 'mail') {
      mails.push({
        workspaceId: row.workspaceId,
        email: row.email,
        firstName: row.firstName,
        title: row.title,
      });
    } else marked = Number(row.title);
  }
  return { raised, mails, marked };
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
  // A member who turned mentions off in the app (account, notifications) gets none.
  const off = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, values.userIds),
        eq(notificationPreferences.kind, 'chat_mention'),
        eq(notificationPreferences.inApp, false),
      ),
    );
  const silent = new Set(off.map((row) => row.userId));
  const userIds = values.userIds.filter((id) => !silent.has(id));
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
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

/**
 * The mentioned members who chose to hear of mentions by e-mail (account, notifications), and
 * the sender's name for the mail.
 */
export async function mentionMailees(
  db: Executor,
  senderId: string,
  userIds: string[],
): Promise<{ sender: string; mailees: { email: string; firstName: string }[] }> {
  if (userIds.length === 0) return { sender: '', mailees: [] };
  const mailees = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, users.id),
        eq(notificationPreferences.kind, 'chat_mention'),
        eq(notificationPreferences.email, true),
      ),
    )
    .where(and(inArray(users.id, userIds), eq(users.status, 'active')));
  if (mailees.length === 0) return { sender: '', mailees };
  const [me] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, senderId));
  return { sender: `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim(), mailees };
}
