import { createReadStream, createWriteStream, readFileSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgTable, getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { migrationsFolder, type Database, type Executor } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * Backup and restore of the whole database to one file (docs/decisions/025): gzip-compressed
 * JSON Lines, written and read as a stream so its size is not bounded by memory.
 *
 *   {"format":"beacon-backup","version":1,"beacon":…,"migration":{…},"createdAt":…,"tables":[…]}
 *   {"table":"workspaces","columns":["id","name",…]}
 *   ["<uuid>","Northwind Sales",…]          one line per row, values in the columns' order
 *   {"end":"workspaces","rows":1}
 *   …                                        every table, parents before children
 *   {"complete":true,"rows":{"workspaces":1,…}}
 *
 * Values are PostgreSQL's own JSON of each column (`to_jsonb`): timestamps with their
 * microseconds and offset, JSONB as JSON, arrays as arrays; bytea as base64.
 */

export const BACKUP_FORMAT = 'beacon-backup';
export const BACKUP_VERSION = 1;

/** What a backup or a restore refuses, with a message for the person running it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type TableInfo = {
  name: string;
  /** Stored columns (generated ones are computed again by the database). */
  columns: { name: string; type: string; binary: boolean }[];
  /** The primary key's columns, for keyset reads. */
  key: { name: string; type: string }[];
  /** Tables this one references. */
  parents: string[];
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const ident = (name: string) => sql.raw(quote(name));

/** Every table of the schema, parents before the tables that reference them. */
export function backupTables(): TableInfo[] {
  const tables = new Map<string, TableInfo>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = (config.columns as PgColumn[])
      .filter((c) => !c.generated)
      .map((c) => ({ name: c.name, type: c.getSQLType(), binary: c.getSQLType() === 'bytea' }));
    // A composite key's columns are stand-ins: take the table's own columns of those names.
    // Without a primary key, a unique index over columns that are never null keys the rows as
    // well (mail_tracked_links: a message and a link's position in it).
    const columnNamed = (name: string) =>
      (config.columns as PgColumn[]).find((c) => c.name === name);
    const uniqueNames = config.indexes
      .map((index) => index.config)
      .find(
        (index) =>
          index.unique &&
          !index.where &&
          index.columns.every((c) => {
            const name = (c as { name?: unknown }).name;
            return typeof name === 'string' && columnNamed(name)?.notNull === true;
          }),
      )
      ?.columns.map((c) => (c as { name: string }).name);
    const keyNames = config.primaryKeys[0]?.columns.map((c) => c.name);
    const keyColumns = keyNames
      ? (config.columns as PgColumn[]).filter((c) => keyNames.includes(c.name))
      : (config.columns as PgColumn[]).some((c) => c.primary)
        ? (config.columns as PgColumn[]).filter((c) => c.primary)
        : (uniqueNames ?? []).map((name) =>
            (config.columns as PgColumn[]).find((c) => c.name === name)!,
          );
    if (keyColumns.length === 0)
      throw new Error(`Table ${config.name} has no primary key nor unique index of set columns`);
    tables.set(config.name, {
      name: config.name,
      columns,
      key: keyColumns.map((c) => ({ name: c.name, type: c.getSQLType() })),
      parents: [
        ...new Set(
          config.foreignKeys
            .map((fk) => getTableConfig(fk.reference().foreignTable).name)
            .filter((parent) => parent !== config.name),
        ),
      ],
    });
  }
  // Depth-first: a table comes after every table it references; names break ties.
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`Foreign keys form a cycle at ${name}`);
    state.set(name, 'visiting');
    const table = tables.get(name)!;
    for (const parent of [...table.parents].sort()) visit(parent);
    state.set(name, 'done');
    ordered.push(table);
  };
  for (const name of [...tables.keys()].sort()) visit(name);
  return ordered;
}

type Migration = { tag: string; when: number };

/** The newest migration this build of Beacon knows (and applies when it opens a database). */
export function latestMigration(): Migration {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Migration[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('No migrations found');
  return { tag: last.tag, when: last.when };
}

function beaconVersion(): string {
  try {
    const file = path.resolve(migrationsFolder(), '..', 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Rows per read: tables with files read few at a time (an attachment may be 10 MiB). */
const readBatch = (table: TableInfo) => (table.columns.some((c) => c.binary) ? 4 : 1000);

export type BackupSummary = { file: string; rows: Record<string, number>; total: number };

/**
 * Writes every table to `file`, from one consistent snapshot (a repeatable-read transaction),
 * so it may run while the server runs on PostgreSQL. The file appears only when complete.
 */
export async function backupDatabase(
  db: Database,
  file: string,
  options: { database?: string; onTable?: (table: string, rows: number) => void } = {},
): Promise<BackupSummary> {
  const tables = backupTables();
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip();
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  const rows: Record<string, number> = {};
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`set local time zone 'UTC'`);
      await write(
        JSON.stringify({
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          beacon: beaconVersion(),
          migration: latestMigration(),
          database: options.database,
          createdAt: new Date().toISOString(),
          tables: tables.map((t) => t.name),
        }),
      );
      for (const table of tables) {
        await write(
          JSON.stringify({ table: table.name, columns: table.columns.map((c) => c.name) }),
        );
        const count = await writeTable(tx, table, write);
        rows[table.name] = count;
        await write(JSON.stringify({ end: table.name, rows: count }));
        options.onTable?.(table.name, count);
      }
      await write(JSON.stringify({ complete: true, rows }));
    });
    gzip.end();
    await finished(out);
    renameSync(partial, file);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, rows, total: Object.values(rows).reduce((a, b) => a + b, 0) };
}

async function writeTable(
  tx: Executor,
  table: TableInfo,
  write: (line: string) => Promise<void>,
): Promise<number> {
  const values = sql.join(
    table.columns.map((c) =>
      c.binary
        ? sql`to_jsonb(encode(${ident(c.name)}, 'base64'))`
        : sql`to_jsonb(${ident(c.name)})`,
    ),
    sql`, `,
  );
  const keyList = sql.join(
    table.key.map((k) => ident(k.name)),
    sql`, `,
  );
  const keyText = sql.join(
    table.key.map((k, i) => sql`${ident(k.name)}::text as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const limit = readBatch(table);
  let after: string[] | null = null;
  let count = 0;
  for (;;) {
    const where: SQL = after
      ? sql`where (${keyList}) > (${sql.join(
          table.key.map((k, i) => sql`${after![i]}::${sql.raw(k.type)}`),
          sql`, `,
        )})`
      : sql``;
    const batch = rowsOf<Record<string, string>>(
      await tx.execute(sql`
        select jsonb_build_array(${values})::text as line, ${keyText}
        from ${ident(table.name)} ${where}
        order by ${keyList} limit ${limit}`),
    );
    // One write a batch: zlib works on large chunks instead of a round trip per row.
    if (batch.length > 0) await write(batch.map((row) => row.line).join('\n'));
    count += batch.length;
    if (batch.length < limit) return count;
    const last = batch.at(-1)!;
    after = table.key.map((_, i) => last[`k${i}`]!);
  }
}

type Header = {
  format: string;
  version: number;
  beacon: string;
  migration: Migration;
  createdAt: string;
  tables: string[];
};

export type RestoreSummary = { rows: Record<string, number>; total: number; header: Header };

/** Rows per insert, and the most text one insert carries. */
const WRITE_ROWS = 1000;
const WRITE_BYTES = 16 * 1024 * 1024;

/** Reads the lines of a gzip file, turning a damaged or truncated file into a BackupError. */
async function* lines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  // The pieces of the line being read: a line may span many chunks (an attachment's bytes).
  const parts: string[] = [];
  let read = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      let start = 0;
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', start)) {
        parts.push(text.slice(start, at));
        start = at + 1;
        read += 1;
        yield parts.join('');
        parts.length = 0;
      }
      if (start < text.length) parts.push(text.slice(start));
    }
    parts.push(decoder.end());
    if (parts.join('') !== '') yield parts.join('');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No file at ${file}`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a directory, not a backup file`);
    if (read === 0) {
      throw new BackupError(`${file} is not a Beacon backup (${(error as Error).message})`);
    }
    throw new BackupError(
      `${file} is damaged or incomplete (${(error as Error).message}); nothing was restored`,
    );
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(
      `The backup is damaged at ${where}: a line is not JSON; nothing was restored`,
    );
  }
}

/** Tables of the schema that hold at least one row. */
async function nonEmptyTables(db: Executor, tables: TableInfo[]): Promise<string[]> {
  const checks = sql.join(
    tables.map(
      (t) => sql`select ${t.name}::text as name where exists (select 1 from ${ident(t.name)})`,
    ),
    sql` union all `,
  );
  return rowsOf<{ name: string }>(await db.execute(checks)).map((r) => r.name);
}

/**
 * Loads a backup into `db`, whose migrations have run. Refuses a database that holds data
 * (unless `force`, which empties it first) and a file from a newer schema. Everything happens in
 * one transaction: a damaged file, or counts that do not match, leave the database as it was.
 */
export async function restoreDatabase(
  db: Database,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const iterator = lines(file);
  try {
    return await restoreLines(db, file, iterator, options);
  } finally {
    // Closes the file when the restore stopped before its end.
    await iterator.return(undefined);
  }
}

type RestoreOptions = { force?: boolean; onTable?: (table: string, rows: number) => void };

async function restoreLines(
  db: Database,
  file: string,
  iterator: AsyncGenerator<string>,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const tables = backupTables();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const first = await iterator.next();
  if (first.done) throw new BackupError(`${file} is empty: not a Beacon backup`);
  let header: Header;
  try {
    header = JSON.parse(first.value) as Header;
  } catch {
    throw new BackupError(`${file} is not a Beacon backup`);
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Beacon backup`);
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${String(header.version)}; this Beacon reads format ${BACKUP_VERSION}`,
    );
  }
  const ours = latestMigration();
  if (typeof header.migration?.when !== 'number' || header.migration.when > ours.when) {
    throw new BackupError(
      `${file} was made by a newer Beacon (${header.beacon}, schema ${header.migration?.tag}); ` +
        `this one has schema ${ours.tag}. Upgrade Beacon, then restore.`,
    );
  }
  for (const name of header.tables ?? []) {
    if (!byName.has(name)) {
      throw new BackupError(`${file} holds a table this Beacon does not have: ${name}`);
    }
  }

  const rows: Record<string, number> = {};
  try {
    await load();
  } catch (error) {
    // Everything ran in one transaction, now rolled back: say so.
    if (
      error instanceof BackupError &&
      !error.message.includes('nothing was restored') &&
      !error.message.includes('not empty')
    ) {
      throw new BackupError(`${error.message}; nothing was restored`);
    }
    throw error;
  }
  return { rows, total: Object.values(rows).reduce((a, b) => a + b, 0), header };

  async function load() {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      // Rows of a table that points at itself (an occurrence at its series) come in key order,
      // not parents first: such keys are deferrable (migration 0007) and checked at commit.
      await tx.execute(sql`set constraints all deferred`);
      const filled = await nonEmptyTables(tx, tables);
      if (filled.length > 0) {
        if (!options.force) {
          throw new BackupError(
            `The target database is not empty (${filled.join(', ')} hold data). ` +
              'Restore into a new database, or add --force to replace everything in it.',
          );
        }
        await tx.execute(
          sql`truncate ${sql.join(
            tables.map((t) => ident(t.name)),
            sql`, `,
          )}`,
        );
      }

      let complete: Record<string, number> | null = null;
      let current: { table: TableInfo; columns: string[]; count: number } | null = null;
      let batch: string[] = [];
      let batchBytes = 0;
      let lineNumber = 1;
      const flush = async () => {
        if (!current || batch.length === 0) return;
        try {
          await tx.execute(insertSql(current.table, current.columns, `[${batch.join(',')}]`));
        } catch (error) {
          // A value the table refuses (a damaged line, or a row that breaks a constraint).
          const cause = error as Error & { cause?: Error };
          throw new BackupError(
            `The backup is damaged: rows of ${current.table.name} near line ${lineNumber} cannot be loaded ` +
              `(${(cause.cause ?? cause).message}); nothing was restored`,
          );
        }
        batch = [];
        batchBytes = 0;
      };
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        lineNumber += 1;
        const line = next.value;
        if (complete)
          throw new BackupError(`The backup has lines after its end (line ${lineNumber})`);
        const where = `line ${lineNumber}`;
        if (line.startsWith('[')) {
          if (!current)
            throw new BackupError(`The backup is damaged at ${where}: a row outside a table`);
          const value = parseLine(line, where);
          if (!Array.isArray(value) || value.length !== current.columns.length) {
            throw new BackupError(
              `The backup is damaged at ${where}: a row of ${current.table.name} without its ${current.columns.length} values`,
            );
          }
          batch.push(line);
          batchBytes += line.length;
          current.count += 1;
          if (batch.length >= WRITE_ROWS || batchBytes >= WRITE_BYTES) await flush();
          continue;
        }
        const marker = parseLine(line, where) as {
          table?: string;
          columns?: string[];
          end?: string;
          rows?: unknown;
          complete?: boolean;
        };
        if (typeof marker.table === 'string') {
          if (current)
            throw new BackupError(
              `The backup is damaged at ${where}: ${current.table.name} has no end`,
            );
          const table = byName.get(marker.table);
          if (!table)
            throw new BackupError(
              `The backup holds a table this Beacon does not have: ${marker.table}`,
            );
          const known = new Set(table.columns.map((c) => c.name));
          const columns = marker.columns ?? [];
          const unknown = columns.filter((c) => !known.has(c));
          if (unknown.length > 0 || columns.length === 0) {
            throw new BackupError(
              `The backup's table ${table.name} has columns this Beacon does not have: ${unknown.join(', ')}`,
            );
          }
          current = { table, columns, count: 0 };
        } else if (typeof marker.end === 'string') {
          if (!current || current.table.name !== marker.end) {
            throw new BackupError(`The backup is damaged at ${where}: an end without its table`);
          }
          await flush();
          if (marker.rows !== current.count) {
            throw new BackupError(
              `The backup is damaged: ${current.table.name} should have ${String(marker.rows)} rows, it has ${current.count}`,
            );
          }
          rows[current.table.name] = current.count;
          options.onTable?.(current.table.name, current.count);
          current = null;
        } else if (marker.complete === true) {
          complete = (marker.rows ?? {}) as Record<string, number>;
        } else {
          throw new BackupError(`The backup is damaged at ${where}: an unknown line`);
        }
      }
      if (!complete || current) {
        throw new BackupError(
          `${file} is incomplete (it ends before its last line); nothing was restored`,
        );
      }
      // The counts the file announces, the rows read and the rows now in the tables all agree.
      for (const [name, count] of Object.entries(complete)) {
        if (rows[name] !== count) {
          throw new BackupError(
            `The backup is damaged: ${name} should have ${count} rows, it has ${rows[name] ?? 0}`,
          );
        }
      }
      for (const table of tables) {
        const [stored] = rowsOf<{ count: number }>(
          await tx.execute(sql`select count(*)::int as count from ${ident(table.name)}`),
        );
        if ((stored?.count ?? 0) !== (rows[table.name] ?? 0)) {
          throw new Error(
            `Restore check failed: ${table.name} holds ${stored?.count} rows, the backup ${rows[table.name] ?? 0}`,
          );
        }
      }
      await resetSequences(tx);
    });
  }
}

/**
 * One insert of a batch of rows given as a JSON array of arrays: each row becomes a record of the
 * table (PostgreSQL converts every value back from its JSON), bytea decoded from base64.
 */
function insertSql(table: TableInfo, columns: string[], json: string): SQL {
  const binary = new Set(table.columns.filter((c) => c.binary).map((c) => c.name));
  // jsonb_build_object takes at most 100 arguments: 50 columns a call, joined with ||.
  const pairs = columns.flatMap((name, i) =>
    binary.has(name) ? [] : [sql`${name}::text, s.j -> ${sql.raw(String(i))}`],
  );
  const objects: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 50) {
    objects.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + 50), sql`, `)})`);
  }
  const fields = sql.join(objects, sql` || `);
  const select = sql.join(
    columns.map((name, i) =>
      binary.has(name)
        ? sql`decode(s.j ->> ${sql.raw(String(i))}, 'base64')`
        : sql`r.${ident(name)}`,
    ),
    sql`, `,
  );
  return sql`
    insert into ${ident(table.name)} (${sql.join(
      columns.map((c) => ident(c)),
      sql`, `,
    )})
    select ${select}
    from jsonb_array_elements(${json}::jsonb) with ordinality as s(j, n)
    cross join lateral jsonb_populate_record(null::${ident(table.name)}, ${fields}) as r
    order by s.n`;
}

/** Sequences owned by columns (serial or identity) continue after the restored values. */
async function resetSequences(tx: Executor): Promise<void> {
  const owned = rowsOf<{ sequence: string; tbl: string; col: string }>(
    await tx.execute(sql`
      select s.relname as sequence, t.relname as tbl, a.attname as col
      from pg_class s
      join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
        and d.refclassid = 'pg_class'::regclass
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace`),
  );
  for (const { sequence, tbl, col } of owned) {
    await tx.execute(
      sql`select setval(${quote(sequence)}::regclass, coalesce(max(${ident(col)}), 0) + 1, false) from ${ident(tbl)}`,
    );
  }
}
