import { sql, type SQL } from 'drizzle-orm';
import type { AuditKind } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/records/sql.ts';

export type AuditEvent = {
  workspaceId: string;
  /** The member who acted; null when nobody is signed in (a failed sign-in, a job). */
  actorId: string | null;
  kind: AuditKind;
  /** What it is about: `user:<id>`, `invitation:<id>`, `people`, `workspace`... */
  subject?: string | null;
  /** Figures of the event (old and new role, rows exported): never a secret or a password. */
  detail?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
};

/**
 * Writes one audit-log entry. Call it with the transaction of the change it describes, so the
 * change and its entry land together; a failed sign-in, which changes nothing, passes the
 * database itself.
 */
export async function recordAudit(db: Executor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    workspaceId: event.workspaceId,
    actorId: event.actorId,
    kind: event.kind,
    subject: event.subject ?? null,
    detail: event.detail ?? {},
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
  });
}

/** The request's address and browser, as the audit log keeps them. */
export function requestOrigin(request: { ip: string; headers: Record<string, unknown> }): {
  ip: string;
  userAgent: string | null;
} {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** One entry as the list and the export read it, with the actor's name and e-mail as they are now. */
export type AuditRow = {
  id: string;
  kind: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  subject: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** `created_at` as the database writes it (microseconds kept), for the keyset cursor. */
  at: string;
};

export type AuditRange = {
  kind?: string;
  actorId?: string;
  from?: string;
  to?: string;
  /** Entries strictly older than this one (keyset: `created_at`, then `id`). */
  before?: { at: string; id: string };
};

function auditWhere(workspaceId: string, range: AuditRange): SQL {
  const conditions = [sql`a.workspace_id = ${workspaceId}`];
  if (range.kind) conditions.push(sql`a.kind = ${range.kind}`);
  if (range.actorId) conditions.push(sql`a.actor_id = ${range.actorId}`);
  if (range.from) conditions.push(sql`a.created_at >= ${range.from}::timestamptz`);
  if (range.to) conditions.push(sql`a.created_at < ${range.to}::timestamptz`);
  if (range.before) {
    conditions.push(
      sql`(a.created_at, a.id) < (${range.before.at}::timestamptz, ${range.before.id}::uuid)`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** A page of the workspace's audit log, newest first. */
export async function listAudit(
  db: Executor,
  workspaceId: string,
  range: AuditRange,
  limit: number,
): Promise<AuditRow[]> {
  const rows = await rowsOf<Omit<AuditRow, 'createdAt'> & { createdAt: string | Date }>(
    db,
    sql`select a.id, a.kind, a.actor_id as "actorId",
        nullif(trim(u.first_name || ' ' || u.last_name), '') as "actorName",
        u.email as "actorEmail", a.subject, a.detail, a.ip, a.user_agent as "userAgent",
        a.created_at as "createdAt", a.created_at::text as "at"
      from audit_log a left join users u on u.id = a.actor_id
      where ${auditWhere(workspaceId, range)}
      order by a.created_at desc, a.id desc
      limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** The workspace's recent exports of records (`records.exported`), newest first. */
export async function recentExports(db: Executor, workspaceId: string, limit: number) {
  return listAudit(db, workspaceId, { kind: 'records.exported' }, limit);
}

/** A record deleted by a member, in the transaction that deletes it. */
export async function recordDeletion(
  db: Executor,
  caller: { workspaceId: string; userId: string },
  entity: string,
  id: string,
): Promise<void> {
  await recordAudit(db, {
    workspaceId: caller.workspaceId,
    actorId: caller.userId,
    kind: 'records.deleted',
    subject: `${entity}:${id}`,
    detail: { entity, count: 1 },
  });
}

/** Whether `userId` is a member of the workspace. */
export async function isMember(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from users where id = ${userId} and workspace_id = ${workspaceId}`,
  );
  return rows.length > 0;
}
