import { z } from './z.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { listEntities, recordParamsSchema } from './records.ts';

// ---------------------------------------------------------------------------------------------
// CSV import: upload (preview and suggested mapping), start with a mapping, follow the job.

export const importEntitySchema = z.enum(listEntities);
export type ImportEntity = z.infer<typeof importEntitySchema>;
export const duplicateModeSchema = z.enum(['skip', 'update', 'create']);
export type DuplicateMode = z.infer<typeof duplicateModeSchema>;
export const importStatusSchema = z.enum([
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
]);
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const importRowErrorSchema = z
  .object({ row: z.number().int(), reason: z.string() })
  .meta({ id: 'ImportRowError' });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
/** Fields a CSV column can map to; null in a mapping means the column is ignored. */
export const personImportFields = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'additionalEmails',
  'phones',
  'jobTitle',
  'seniority',
  'department',
  'companyName',
  'companyDomain',
  'city',
  'region',
  'country',
  'timeZone',
  'linkedinUrl',
  'stage',
  'tags',
  'source',
  'ownerEmail',
  'createdAt',
] as const;
export const companyImportFields = [
  'name',
  'domain',
  'industry',
  'size',
  'revenueRange',
  'city',
  'region',
  'country',
  'description',
  'linkedinUrl',
  'tags',
  'ownerEmail',
  'createdAt',
] as const;
/**
 * Fields several columns may map to, their values joined: Google's "Phone 1 - Value" and
 * "Phone 2 - Value", Outlook's "Business Phone" and "Mobile Phone".
 */
export const multiColumnImportFields = ['additionalEmails', 'phones', 'tags'] as const;
export const importJobSchema = z
  .object({
    id: z.string(),
    entity: importEntitySchema,
    fileName: z.string(),
    status: importStatusSchema,
    columns: z.array(z.string()),
    /** The first rows as parsed, for the preview (at most 10). */
    preview: z.array(z.array(z.string())),
    /** Column name to field, as suggested at upload and then as chosen at start. */
    mapping: z.record(z.string(), z.string().nullable()),
    duplicateMode: duplicateModeSchema,
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    refused: z.number().int(),
    /** Refused rows and why (row numbers count the header as row 1), first 1,000. */
    errors: z.array(importRowErrorSchema),
    /** A failure of the whole file (for example a column that does not exist), or null. */
    failure: z.string().nullable(),
    listId: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJobSchema>;
/** POST /api/imports?entity=people&fileName=… with the CSV as the body (text/csv, at most 50 MB). */
export const importUploadQuerySchema = z.object({
  entity: importEntitySchema,
  fileName: z.string().trim().min(1).max(200),
});
export const importStartSchema = z
  .object({
    mapping: z.record(z.string().max(200), z.string().max(40).nullable()),
    duplicateMode: duplicateModeSchema.default('skip'),
    /** Adds every created or updated record to this list (of the same kind). */
    listId: id('list').nullable().default(null),
  })
  .meta({ id: 'ImportStart' });
export type ImportStart = z.input<typeof importStartSchema>;
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * The realtime message of an import's progress: the job without its errors and preview
 * (apps/server/src/modules/imports/imports.service.ts and imports.job.ts).
 */
export const importRealtimeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('import.progress'),
    data: importJobSchema.omit({ errors: true, preview: true }),
  }),
]);
export type ImportRealtime = z.infer<typeof importRealtimeSchema>;

/** CSV import (docs/decisions/015): contributors and admins only. */
export const importsEndpoints = {
  /** The body is the CSV file itself (text/csv), not JSON: registered with its own parser. */
  upload: endpoint({
    method: 'POST',
    path: '/api/imports',
    summary:
      'Upload a CSV file (the body, text/csv): answers its columns, a preview and a suggested mapping',
    query: importUploadQuerySchema,
    status: 201,
    response: importJobSchema,
    errors: [409, 413, 415],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/imports',
    summary: 'The recent imports of your workspace, newest first (50)',
    response: z.array(importJobSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/imports/:id',
    summary: 'An import with its progress and refused rows',
    params: recordParamsSchema,
    response: importJobSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/imports/:id/start',
    summary: 'Start an uploaded import with a column mapping and a duplicate rule',
    params: recordParamsSchema,
    body: importStartSchema,
    response: importJobSchema,
    errors: [409],
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/imports/:id/cancel',
    summary: 'Cancel an import: it stops after the batch it is writing',
    params: recordParamsSchema,
    response: importJobSchema,
    errors: [409],
  }),
  /** A file (text/csv): registered with its own answer. */
  errorsCsv: endpoint({
    method: 'GET',
    path: '/api/imports/:id/errors.csv',
    summary: 'The refused rows as CSV: row number, reason, then the row as it was',
    params: recordParamsSchema,
    response: null,
  }),
};
