import { sql } from 'drizzle-orm';
import type { DuplicateMode, ImportRowError, SubjectType } from '@beacon/contract';
import { restoreCell } from '../../lib/csv-cell.ts';
import { membersOf } from '../../lib/records/fields.ts';
import { uuidArray, type Executor } from '../../lib/records/sql.ts';
import { records } from '../record-entities.ts';
import type { CsvRecord } from './csv.ts';
import { CellError } from './imports.fields.ts';

// What the import job's writers of each entity share (imports.job.ts, deals-import.ts): the
// batch's context, its outcome, and the reading of a row's cells.

export type Context = {
  tx: Executor;
  workspaceId: string;
  actorId: string | null;
  mode: DuplicateMode;
  mapping: Record<string, string | null>;
  columns: string[];
  members: Map<string, string>;
  listId: string | null;
  listName: string | null;
};
export type BatchOutcome = {
  created: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
};

/**
 * The cells of a record by field name, trimmed, with the apostrophe an export put before a
 * formula-like value taken away (docs/decisions/024); a field mapped from no column is absent.
 * A field several columns map to (phones…) gets their non-empty cells joined by ` ::: `.
 */
export function cellsOf(record: CsvRecord, ctx: Context): Map<string, string> {
  const cells = new Map<string, string>();
  ctx.columns.forEach((column, index) => {
    const field = ctx.mapping[column];
    if (!field) return;
    const value = restoreCell(record.fields[index] ?? '').trim();
    const before = cells.get(field);
    cells.set(field, before && value ? `${before} ::: ${value}` : before || value);
  });
  return cells;
}

/** Google's multi-values ("a ::: b") in a field that holds one value: the first one. */
export const firstValue = (value: string) => value.split(':::')[0]!.trim();

export function ownerOf(cells: Map<string, string>, ctx: Context): string | null | undefined {
  const email = cells.get('ownerEmail');
  if (!email) return undefined;
  const id = ctx.members.get(email.toLowerCase());
  if (!id) throw new CellError(`Owner: no member of this workspace has the e-mail ${email}`);
  return id;
}

/** Set-based: an `imported` entry per created record; list membership with its entries. */
export async function recordTimeline(
  ctx: Context,
  subject: SubjectType,
  createdIds: string[],
  listed: string[],
): Promise<void> {
  const { tx, workspaceId } = ctx;
  const entity = records.ofSubject(subject);
  const members = membersOf(entity);
  const column = sql.raw(members.column);
  if (createdIds.length > 0) {
    await tx.execute(sql`
      insert into activities (workspace_id, ${column}, kind, actor_id)
      select ${workspaceId}, id, 'imported', ${ctx.actorId} from unnest(${uuidArray(createdIds)}) as id`);
  }
  if (ctx.listId && listed.length > 0) {
    const table = sql.raw(members.table);
    await tx.execute(sql`
      with added as (
        insert into ${table} (list_id, ${column})
        select ${ctx.listId}, id from unnest(${uuidArray(listed)}) as id
        on conflict do nothing
        returning ${column} as id)
      insert into activities (workspace_id, ${column}, kind, actor_id, list_id, list_name)
      select ${workspaceId}, id, 'list_added', ${ctx.actorId}, ${ctx.listId}, ${ctx.listName} from added`);
    await tx.execute(sql`update record_lists set updated_at = now() where id = ${ctx.listId}`);
  }
}
