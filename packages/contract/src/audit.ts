import { z } from './z.ts';

/**
 * Every kind of event the workspace's audit log holds (issue 10). The server writes them with
 * `recordAudit` (apps/server/src/modules/audit/audit.repository.ts); the admin panel filters and
 * words them by these names (`admin:audit.kinds.<kind>`). Add a kind here before writing it.
 */
export const auditKinds = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.email_changed',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.recovery_code_used',
  'auth.session_revoked',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.visibility_changed',
  'member.deactivated',
  'member.reactivated',
  'member.removed',
  'workspace.settings_changed',
  'records.exported',
  'records.imported',
  'records.deleted',
] as const;

export const auditKind = z.enum(auditKinds);
export type AuditKind = z.infer<typeof auditKind>;
