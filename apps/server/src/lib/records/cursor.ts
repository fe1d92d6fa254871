import { sql, type SQL } from 'drizzle-orm';
import type { EntityDef, FieldDef } from './fields.ts';
import { invalid } from './filters.ts';
import { column, isTimestamp, isUuid } from './sql.ts';

export type Sort = { key: string; name: string; field: FieldDef; desc: boolean; id: SQL };

/** `col` or `-col`; arrays and unknown columns are refused (400). */
export function parseSort(entity: EntityDef, param: string | undefined): Sort {
  const key = param ?? entity.defaultSort;
  const desc = key.startsWith('-');
  const name = desc ? key.slice(1) : key;
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  if (!field) {
    const names = Object.entries(entity.fields)
      .filter(([, f]) => f.sortable)
      .map(([n]) => n);
    throw invalid('sort', `Unknown column "${name}"; sort by one of ${names.join(', ')}`);
  }
  if (!field.sortable) throw invalid('sort', `Sorting by ${name} is not offered (it holds a list)`);
  return { key, name, field, desc, id: column(entity.table, 'id') };
}

/** Order by the column, then by id, both in the sort's direction (nulls after values). */
export function orderBy(sort: Sort): SQL[] {
  const col = sort.field.sortExpr;
  if (sort.name === 'id') return [sort.desc ? sql`${col} desc` : sql`${col} asc`];
  return sort.desc
    ? [sql`${col} desc nulls first`, sql`${sort.id} desc`]
    : [sql`${col} asc nulls last`, sql`${sort.id} asc`];
}

/** The text of the sort value as the database holds it (full precision for timestamps). */
export const sortValue = (sort: Sort): SQL => sql`${sort.field.sortExpr}::text`;

type CursorBody = { e: string; s: string; v: string | null; id: string };

/** Opaque base64url of the entity, the sort key and the last row's sort value and id. */
export function encodeCursor(
  entity: EntityDef,
  sort: Sort,
  last: { id: string; sortValue: string | null },
): string {
  const body: CursorBody = { e: entity.name, s: sort.key, v: last.sortValue, id: last.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function valueFits(field: FieldDef, value: string): boolean {
  if (field.values) return field.values.includes(value);
  if (field.type === 'uuid') return isUuid(value);
  if (field.type === 'integer') {
    // An int4: a value past its range would be a cast error in the database.
    const n = Number(value);
    return /^-?\d{1,10}$/.test(value) && n >= -(2 ** 31) && n < 2 ** 31;
  }
  if (field.type === 'bigint') return /^-?\d{1,18}$/.test(value);
  if (field.type === 'date') {
    const day = new Date(`${value}T00:00:00Z`);
    return (
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(day.getTime()) &&
      day.toISOString().slice(0, 10) === value
    );
  }
  if (field.type === 'timestamptz') return isTimestamp(value);
  return true;
}

/** The keyset condition for the page after `cursor`; a cursor of another sort is refused. */
export function afterCursor(entity: EntityDef, sort: Sort, cursor: string | undefined): SQL[] {
  if (cursor === undefined || cursor === '') return [];
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw invalid('cursor', 'Not a cursor of this list; start again without one');
  }
  if (
    !body ||
    typeof body !== 'object' ||
    body.e !== entity.name ||
    !isUuid(body.id) ||
    (body.v !== null && typeof body.v !== 'string')
  ) {
    throw invalid('cursor', 'Not a cursor of this list; start again without one');
  }
  if (body.s !== sort.key) {
    throw invalid('cursor', `The cursor was made for the sort "${body.s}", not "${sort.key}"`);
  }
  if (body.v !== null && !valueFits(sort.field, body.v)) {
    throw invalid('cursor', 'Not a cursor of this list; start again without one');
  }
  const col = sort.field.sortExpr;
  const id = sort.id;
  const lastId = sql`${body.id}::uuid`;
  if (sort.name === 'id') return [sort.desc ? sql`${id} < ${lastId}` : sql`${id} > ${lastId}`];
  if (body.v === null) {
    if (!sort.field.nullable) throw invalid('cursor', 'Not a cursor of this list');
    // Nulls come last ascending and first descending.
    return sort.desc
      ? [sql`((${col} is null and ${id} < ${lastId}) or ${col} is not null)`]
      : [sql`(${col} is null and ${id} > ${lastId})`];
  }
  const value = sql`${body.v}::${sql.raw(sort.field.type)}`;
  if (sort.desc) return [sql`(${col}, ${id}) < (${value}, ${lastId})`];
  return sort.field.nullable
    ? [sql`((${col}, ${id}) > (${value}, ${lastId}) or ${col} is null)`]
    : [sql`(${col}, ${id}) > (${value}, ${lastId})`];
}
