import { z } from './z.ts';
import { endpoint } from './endpoint.ts';
import { instantSchema } from './instant.ts';

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

// ---------------------------------------------------------------------------------------------
// The audit log API (admin panel): a keyset-paged list with filters, and its CSV export.

/** How many entries a page holds at most, and the CSV export's ceiling. */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_EXPORT_MAX = 50_000;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    kind: auditKind,
    actorId: z.string().nullable(),
    /** The actor's name and e-mail as they are now; null when nobody acted or they were removed. */
    actorName: z.string().nullable(),
    actorEmail: z.string().nullable(),
    subject: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An instant the database can store (years 100 to 9999, offsets within ±15:59). */
const dateTimeFilter = instantSchema.optional();

/** The filters of the list and the export: kind, actor, and a date range (from inclusive, to exclusive). */
export const auditFilterSchema = z.object({
  kind: auditKind.optional(),
  actorId: z.uuid({ message: 'Not a member id' }).optional(),
  from: dateTimeFilter,
  to: dateTimeFilter,
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;
export const auditQuerySchema = auditFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  cursor: z.string().max(200).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditPageSchema = z
  .object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** An export, as the contributor panel's history of imports and exports lists it. */
export const exportRecordSchema = z
  .object({
    id: z.string(),
    entity: z.string(),
    actorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ExportRecord' });
export type ExportRecord = z.infer<typeof exportRecordSchema>;
export const exportRecordsSchema = z.array(exportRecordSchema).meta({ id: 'ExportRecords' });

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit',
    summary: 'The audit log, newest first, filtered by kind, actor and dates (admins)',
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/audit/export.csv',
    summary: 'The filtered audit log as CSV (admins; the export is itself audited)',
    query: auditFilterSchema,
    response: null,
  }),
  exports: endpoint({
    method: 'GET',
    path: '/api/audit/exports',
    summary: 'The recent CSV exports of records, newest first (50; admins and contributors)',
    response: exportRecordsSchema,
  }),
};
