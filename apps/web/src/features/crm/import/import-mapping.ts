import {
  companyImportFields,
  dealImportFields,
  multiColumnImportFields,
  personImportFields,
  type ImportEntity,
  type ImportJob,
  type ImportRowError,
  type ImportStatus,
} from '@beacon/contract';

export type ImportMapping = Record<string, string | null>;

export function importFields(entity: ImportEntity): readonly string[] {
  if (entity === 'deals') return dealImportFields;
  return entity === 'people' ? personImportFields : companyImportFields;
}

/** Fields several columns may map to (phones, other e-mails, tags): their values are joined. */
const multi = new Set<string>(multiColumnImportFields);

/**
 * The mapping to start from: the server's suggestion, kept only for known fields and at most one
 * column per field (the first one keeps it) but for the fields several columns may share; every
 * column present, null meaning "ignore".
 */
export function initialMapping(entity: ImportEntity, job: Pick<ImportJob, 'columns' | 'mapping'>) {
  const known = new Set(importFields(entity));
  const taken = new Set<string>();
  const mapping: ImportMapping = {};
  for (const column of job.columns) {
    const field = job.mapping[column] ?? null;
    if (field && known.has(field) && (!taken.has(field) || multi.has(field))) {
      mapping[column] = field;
      taken.add(field);
    } else {
      mapping[column] = null;
    }
  }
  return mapping;
}

/**
 * Maps a column to a field (or to nothing); a field taken by another column moves here, unless
 * several columns may share it.
 */
export function assignField(mapping: ImportMapping, column: string, field: string | null) {
  const next: ImportMapping = {};
  const moves = field !== null && !multi.has(field);
  for (const [key, value] of Object.entries(mapping)) {
    next[key] = moves && value === field && key !== column ? null : value;
  }
  next[column] = field;
  return next;
}

/** What stops the import from starting, as translation keys of the crm namespace. */
export function mappingProblems(entity: ImportEntity, mapping: ImportMapping): string[] {
  const fields = new Set(Object.values(mapping).filter((f): f is string => f !== null));
  if (fields.size === 0) return ['import.problems.nothingMapped'];
  if (entity === 'people') {
    const identity = ['firstName', 'lastName', 'fullName', 'email'].some((f) => fields.has(f));
    return identity ? [] : ['import.problems.personIdentity'];
  }
  return fields.has('name') ? [] : ['import.problems.companyName'];
}

const FINISHED: readonly ImportStatus[] = ['completed', 'failed', 'cancelled'];

export function isFinished(status: ImportStatus): boolean {
  return FINISHED.includes(status);
}

/** Progress in percent (0 to 100) for the bar. */
export function importProgress(job: Pick<ImportJob, 'processedRows' | 'totalRows' | 'status'>) {
  if (job.status === 'completed') return 100;
  if (job.totalRows <= 0) return 0;
  return Math.min(100, Math.round((job.processedRows / job.totalRows) * 100));
}

const csvCell = (value: string) =>
  /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The refused rows as a CSV file: `row,reason`, one line each. */
export function errorsCsv(errors: readonly ImportRowError[]): string {
  return (
    ['row,reason', ...errors.map((e) => `${e.row},${csvCell(e.reason)}`)].join('\r\n') + '\r\n'
  );
}
