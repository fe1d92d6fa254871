import { Column, is, SQL, sql } from 'drizzle-orm';
import { PgArray, type PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';

export type { Executor };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/**
 * A PostgreSQL array literal, sent as one parameter and cast by the caller (`::text[]`). Drizzle
 * spreads a JS array into a list of parameters, which `= any(...)` cannot take, and the two
 * drivers serialise array parameters differently; one text parameter behaves the same on both.
 */
export function arrayLiteral(values: Iterable<string>): string {
  const items = [...values].map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return `{${items.join(',')}}`;
}
export const textArray = (values: Iterable<string>): SQL => sql`${arrayLiteral(values)}::text[]`;
export const uuidArray = (values: Iterable<string>): SQL => sql`${arrayLiteral(values)}::uuid[]`;

/** `%value%` for LIKE/ILIKE with `\`, `%` and `_` taken literally (used with `escape '\'`). */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows of a raw query, whichever driver runs it. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A column of a table, always qualified (a bare name would be captured inside subqueries). */
export const column = (table: string, name: string): SQL => sql.raw(`"${table}"."${name}"`);

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, written from its UTC fields: about twice as fast, and a page of 50
 * people has 150 to 200 of them (decision 040). Years outside 1000-9999 take the built-in.
 */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999 || Number.isNaN(year)) return date.toISOString();
  return `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}T${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.${pad3(date.getUTCMilliseconds())}Z`;
}

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : isoTime(new Date(value));

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)$/;

/**
 * A timestamptz as PostgreSQL prints it (`2026-01-02 03:04:05.678901+00`) or as ISO 8601, with
 * every part in range (a real date, an offset PostgreSQL takes), so the cast never fails.
 */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offH = 0, offM = 0, offS = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1) return false;
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year!, month!, 0);
  if (day! > lastDay.getUTCDate()) return false;
  if (hour! > 23 || minute! > 59 || second! > 59) return false;
  return offH <= 15 && offM <= 59 && offS <= 59;
}

type Decode = (value: unknown) => unknown;
const asIs = Column.prototype.mapFromDriverValue;

/** How a selected value becomes what Drizzle's own select gives; null where it is kept as it is. */
function decoderOf(field: PgColumn | SQL.Aliased): Decode | null {
  if (is(field, SQL.Aliased)) {
    // `.mapWith()` sets it (internal to Drizzle, as its own row mapping reads it).
    const { decoder } = field.sql as unknown as { decoder: { mapFromDriverValue: Decode } };
    return (value) => decoder.mapFromDriverValue(value);
  }
  const column = field as PgColumn & { mapFromDriverValue: Decode };
  if (column.mapFromDriverValue === asIs) return null;
  // An array the driver has already parsed, of a type kept as it is (text[]): as it is.
  if (is(field, PgArray) && field.baseColumn.mapFromDriverValue === asIs) {
    return (value) => (Array.isArray(value) ? value : column.mapFromDriverValue(value));
  }
  return (value) => column.mapFromDriverValue(value);
}

/**
 * A fixed selection of a table's columns (and aliased expressions), for a query run often: its
 * select list is built once, and its rows are decoded in place, only the columns that need it
 * (timestamps to Dates, bigints to numbers), to what `db.select(fields)` would give. Drizzle's
 * select builder rebuilds the list on every query and maps every cell through a chain of
 * `instanceof` checks: on a page of 50 people that was a fifth of the request (decision 040).
 */
export type ColumnReader = {
  /** `"table"."column" as "key", …`, to put after `select`. */
  list: SQL;
  /** Decodes the rows of a query that selected `list` (in place) and returns them. */
  decode<T>(rows: Record<string, unknown>[]): T[];
};

export function columnReader(
  table: string,
  fields: Record<string, PgColumn | SQL.Aliased>,
): ColumnReader {
  const parts: SQL[] = [];
  let raw: string[] = [];
  const flush = () => {
    if (raw.length > 0) parts.push(sql.raw(raw.join(', ')));
    raw = [];
  };
  const decoders: [string, Decode][] = [];
  for (const [key, field] of Object.entries(fields)) {
    const alias = `"${key.replace(/"/g, '""')}"`;
    if (is(field, SQL.Aliased)) {
      flush();
      parts.push(sql`${field.sql} as ${sql.raw(alias)}`);
    } else {
      raw.push(`"${table}"."${field.name}" as ${alias}`);
    }
    const decode = decoderOf(field);
    if (decode) decoders.push([key, decode]);
  }
  flush();
  return {
    list: sql.join(parts, sql.raw(', ')),
    decode<T>(rows: Record<string, unknown>[]): T[] {
      for (const row of rows) {
        for (const [key, decode] of decoders) {
          const value = row[key];
          if (value !== null && value !== undefined) row[key] = decode(value);
        }
      }
      return rows as T[];
    },
  };
}
