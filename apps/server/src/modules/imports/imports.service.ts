import { ownerScope } from '../../lib/records/scope.ts';
import type { ImportEntity, ImportJob, ImportStart } from '@beacon/contract';
import type { z } from 'zod';
import type { importStartSchema } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { csvLine, decodeCsv, parseCsv } from './csv.ts';
import { importFields, isMultiColumnField, suggestMapping } from './imports.fields.ts';
import { IMPORT_JOB } from './imports.job.ts';
import * as repo from './imports.repository.ts';

type StartInput = z.output<typeof importStartSchema>;

const PREVIEW_ROWS = 10;
/** Rows whose values the suggested mapping looks at (an owner column holding e-mails…). */
const SAMPLE_ROWS = 50;
/** An upload never started is kept a day; a workspace has at most this many waiting at once. */
export const WAITING_UPLOAD_HOURS = 24;
export const MAX_WAITING_UPLOADS = 20;
const importNotFound = () => notFound('No such import');
const conflict = (detail: string) => new AppError('CONFLICT', detail);
const invalidMapping = (errors: Record<string, string[]>) =>
  new AppError('VALIDATION_FAILED', 'The column mapping is not valid', errors);

/** CSV imports: upload (preview and a suggested mapping), start, follow, cancel, refused rows. */
export class ImportsService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  async upload(
    caller: Caller,
    input: { entity: ImportEntity; fileName: string; bytes: Uint8Array },
  ): Promise<ImportJob> {
    if (input.bytes.length === 0) throw badRequest('BAD_REQUEST', 'The file is empty');
    const content = decodeCsv(input.bytes);
    if (content.includes('\u0000')) {
      // PostgreSQL cannot store NUL; a UTF-16 file (Excel's "Unicode text") is full of them.
      const utf16 =
        (input.bytes[0] === 0xff && input.bytes[1] === 0xfe) ||
        (input.bytes[0] === 0xfe && input.bytes[1] === 0xff);
      throw badRequest(
        'BAD_REQUEST',
        utf16
          ? 'The file is UTF-16 (Unicode text): save it as CSV UTF-8 and upload it again'
          : 'The file holds NUL characters: it is not a CSV text file',
      );
    }
    const table = parseCsv(content);
    if (table.header.length === 0) {
      throw badRequest('BAD_REQUEST', 'The file is empty: it has no header line and no rows');
    }
    if (table.records.length === 0) {
      throw badRequest(
        'BAD_REQUEST',
        'The file has a header line but no rows: add one row per record under the header',
      );
    }
    const waiting = await repo.pruneWaitingUploads(
      this.db,
      caller.workspaceId,
      WAITING_UPLOAD_HOURS,
    );
    if (waiting >= MAX_WAITING_UPLOADS) {
      throw conflict(
        `${waiting} uploaded files are waiting to be started: start or cancel one of them first`,
      );
    }
    const row = await repo.insertImport(this.db, {
      workspaceId: caller.workspaceId,
      entity: input.entity,
      fileName: input.fileName,
      content,
      columns: table.header,
      preview: table.records.slice(0, PREVIEW_ROWS).map((r) => r.fields),
      mapping: suggestMapping(
        input.entity,
        table.header,
        table.records.slice(0, SAMPLE_ROWS).map((r) => r.fields),
      ),
      totalRows: table.records.length,
      createdBy: caller.userId,
    });
    return repo.toImportJob(row);
  }

  async list(caller: Caller): Promise<ImportJob[]> {
    return (await repo.listImports(this.db, caller.workspaceId)).map(repo.toImportJob);
  }

  async get(caller: Caller, id: string): Promise<ImportJob> {
    const row = await repo.getImport(this.db, caller.workspaceId, id);
    if (!row) throw importNotFound();
    return repo.toImportJob(row);
  }

  /** Checks the mapping and the list, then queues the job in the same transaction. */
  async start(caller: Caller, id: string, input: StartInput): Promise<ImportJob> {
    return this.db.transaction(async (tx) => {
      const row = await repo.getImport(tx, caller.workspaceId, id, { lock: true });
      if (!row) throw importNotFound();
      if (row.status !== 'uploaded') {
        throw conflict(`This import was already started (it is ${row.status})`);
      }
      // Record visibility `own`: updating matches by e-mail or domain across the workspace would
      // change (and could take over) records the member does not see, so they skip or create.
      if (input.duplicateMode === 'update' && ownerScope(caller) !== null) {
        throw invalidMapping({
          duplicateMode: [
            'You see only your own records, so an import cannot update existing ones',
          ],
        });
      }
      const mapping = this.checkMapping(row.entity, row.columns, input.mapping);
      let listId: string | null = null;
      if (input.listId) {
        const list = await repo.findList(tx, caller.workspaceId, input.listId);
        if (!list) throw notFound('No such list');
        if (list.kind !== row.entity) {
          throw invalidMapping({ listId: [`Choose a list of ${row.entity}`] });
        }
        listId = list.id;
      }
      const updated = await repo.updateImport(tx, caller.workspaceId, id, {
        status: 'queued',
        mapping,
        duplicateMode: input.duplicateMode,
        listId,
      });
      await enqueueJob(tx, IMPORT_JOB, { importId: id }, { maxAttempts: 5 });
      const job = repo.toImportJob(updated!);
      await this.publish(tx, caller.workspaceId, job);
      return job;
    });
  }

  async cancel(caller: Caller, id: string): Promise<ImportJob> {
    return this.db.transaction(async (tx) => {
      const row = await repo.getImport(tx, caller.workspaceId, id, { lock: true });
      if (!row) throw importNotFound();
      if (!['uploaded', 'queued', 'running'].includes(row.status)) {
        throw conflict(`This import has already ended (it is ${row.status})`);
      }
      const updated = await repo.updateImport(tx, caller.workspaceId, id, {
        status: 'cancelled',
        finishedAt: new Date(),
      });
      const job = repo.toImportJob(updated!);
      await this.publish(tx, caller.workspaceId, job);
      return job;
    });
  }

  /** The refused rows as they were in the file, with the row number and the reason first. */
  async errorsCsv(caller: Caller, id: string): Promise<{ fileName: string; body: string }> {
    const row = await repo.getContent(this.db, caller.workspaceId, id);
    if (!row) throw importNotFound();
    const imported = await repo.getImport(this.db, caller.workspaceId, id);
    const reasons = new Map(row.errors.map((e) => [e.row, e.reason]));
    const lines = [csvLine(['Row', 'Reason', ...row.columns])];
    if (reasons.size > 0) {
      for (const record of parseCsv(row.content).records) {
        const reason = reasons.get(record.row);
        if (reason !== undefined)
          lines.push(csvLine([String(record.row), reason, ...record.fields]));
      }
    }
    const base = (imported?.fileName ?? 'import').replace(/\.csv$/i, '');
    return { fileName: `${base}-refused-rows.csv`, body: `\uFEFF${lines.join('')}` };
  }

  private checkMapping(
    entity: ImportEntity,
    columns: string[],
    mapping: ImportStart['mapping'],
  ): Record<string, string | null> {
    const fields = importFields(entity);
    const errors: Record<string, string[]> = {};
    const chosen = new Map<string, string>();
    for (const [column, field] of Object.entries(mapping)) {
      if (!columns.includes(column)) {
        errors[column] = [`The file has no column "${column}"`];
      } else if (field !== null && !fields.includes(field)) {
        errors[column] = [`"${field}" is not a field of ${entity}`];
      } else if (field !== null && chosen.has(field) && !isMultiColumnField(field)) {
        errors[column] = [`"${field}" is already mapped from the column "${chosen.get(field)}"`];
      } else if (field !== null) {
        chosen.set(field, column);
      }
    }
    const needs =
      entity === 'people'
        ? ['firstName', 'lastName', 'fullName', 'email'].some((f) => chosen.has(f))
        : chosen.has('name');
    if (!needs) {
      errors.mapping = [
        entity === 'people'
          ? 'Map a column to a name (first, last or full) or to the e-mail'
          : entity === 'deals'
            ? 'Map a column to the deal name'
            : 'Map a column to the company name',
      ];
    }
    if (Object.keys(errors).length > 0) throw invalidMapping(errors);
    return Object.fromEntries(columns.map((c) => [c, mapping[c] ?? null]));
  }

  private publish(tx: Pick<Database, 'execute'>, workspaceId: string, job: ImportJob) {
    const { errors: _errors, preview: _preview, ...progress } = job;
    return this.realtime.publish(tx, workspaceId, { type: 'import.progress', data: progress });
  }
}
