import type { AuditKind } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

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
