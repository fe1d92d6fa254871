import { and, sql, type SQL } from 'drizzle-orm';
import {
  filterListSchema,
  filterOperators,
  type FilterCondition,
  type Selection,
} from '@beacon/contract';
import { fieldError } from '../errors.ts';
import type { EntityDef, FieldDef } from './fields.ts';
import { arrayLiteral, column, containsPattern, isUuid, textArray, uuidArray } from './sql.ts';

/** A 400 that names the query parameter (or body field) at fault (lib/errors.ts `fieldError`). */
export const invalid = fieldError;

/** The `filters` query parameter: the JSON text of an array of conditions. */
export function parseFilters(text: string | undefined): FilterCondition[] {
  if (text === undefined || text.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('filters', 'Not valid JSON: send the JSON text of an array of conditions');
  }
  const parsed = filterListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw invalid('filters', `${issue?.message ?? 'Not a list of conditions'}${where}`);
  }
  return parsed.data;
}

export type CompiledFilter = {
  /** Conditions to AND together (the workspace condition is the caller's). */
  where: SQL[];
  /** The lists the filter reads: the caller checks they are lists of the workspace. */
  listIds: string[];
};

function needString(c: FilterCondition, index: number): string {
  if (typeof c.value !== 'string') {
    throw invalid('filters', `Condition ${index + 1} ("${c.field}" ${c.op}) needs a text value`);
  }
  return c.value;
}

function needArray(c: FilterCondition, index: number): string[] {
  if (!Array.isArray(c.value) || c.value.length === 0) {
    throw invalid(
      'filters',
      `Condition ${index + 1} ("${c.field}" ${c.op}) needs a non-empty array of values`,
    );
  }
  return c.value;
}

/** Checks a value against the column's type, so a bad value is a 400 and never a cast error. */
function checkValue(field: string, def: FieldDef, value: string, index: number): string {
  if (def.values && !def.values.includes(value)) {
    throw invalid(
      'filters',
      `Condition ${index + 1}: "${value}" is not a value of ${field} (${def.values.join(', ')})`,
    );
  }
  if (def.type === 'uuid' && !isUuid(value)) {
    throw invalid('filters', `Condition ${index + 1}: "${value}" is not an id`);
  }
  return value;
}

/** A whole number of a `number` field: digits, with a minus sign for a negative one. */
function needNumber(c: FilterCondition, index: number): string {
  const value = needString(c, index).trim();
  if (!/^-?\d{1,18}$/.test(value)) {
    throw invalid(
      'filters',
      `Condition ${index + 1} ("${c.field}" ${c.op}) needs a whole number such as 15000`,
    );
  }
  return value;
}

function compileNumber(col: SQL, c: FilterCondition, index: number): SQL {
  switch (c.op) {
    case 'equals':
      return sql`${col} = ${needNumber(c, index)}::numeric`;
    case 'gte':
      return sql`${col} >= ${needNumber(c, index)}::numeric`;
    case 'lte':
      return sql`${col} <= ${needNumber(c, index)}::numeric`;
    case 'empty':
      return sql`${col} is null`;
    case 'not_empty':
      return sql`${col} is not null`;
    default:
      throw invalid('filters', `"${c.field}" does not take the operator "${c.op}"`);
  }
}

/** A reference held in another table (FieldDef.through): whether a matching row exists. */
function compileThrough(entity: EntityDef, def: FieldDef, c: FilterCondition, index: number): SQL {
  const through = def.through!;
  const table = sql.raw(`"${through.table}"`);
  const rows = sql`select 1 from ${table} where ${column(through.table, through.key)} = ${column(entity.table, 'id')}`;
  const value = column(through.table, through.value);
  switch (c.op) {
    case 'equals':
      return sql`exists (${rows} and ${value} = ${checkValue(c.field, def, needString(c, index), index)}::uuid)`;
    case 'in': {
      const values = needArray(c, index);
      for (const v of values) checkValue(c.field, def, v, index);
      return sql`exists (${rows} and ${value} = any(${uuidArray(values)}))`;
    }
    case 'empty':
      return sql`not exists (${rows})`;
    case 'not_empty':
      return sql`exists (${rows})`;
    default:
      throw invalid('filters', `"${c.field}" does not take the operator "${c.op}"`);
  }
}

function compileOne(entity: EntityDef, c: FilterCondition, index: number, lists: string[]): SQL {
  // Own keys only: `constructor` or `__proto__` must not reach Object.prototype.
  const kind = Object.hasOwn(entity.kinds, c.field) ? entity.kinds[c.field] : undefined;
  if (!kind) {
    throw invalid(
      'filters',
      `Unknown field "${c.field}"; use one of ${Object.keys(entity.kinds).join(', ')}`,
    );
  }
  const allowed = filterOperators[kind] as readonly string[];
  if (!allowed.includes(c.op)) {
    throw invalid(
      'filters',
      `"${c.field}" does not take the operator "${c.op}"; use one of ${allowed.join(', ')}`,
    );
  }
  if (kind === 'list') {
    if (!entity.members) throw invalid('filters', `${entity.name} have no lists`);
    const listId = needString(c, index);
    if (!isUuid(listId)) throw invalid('filters', `Condition ${index + 1}: not a list id`);
    lists.push(listId);
    const members = sql.raw(`"${entity.members.table}"`);
    const member = column(entity.members.table, entity.members.column);
    const on = sql`exists (select 1 from ${members} where ${column(entity.members.table, 'list_id')} = ${listId}::uuid and ${member} = ${column(entity.table, 'id')})`;
    return c.op === 'on_list' ? on : sql`not ${on}`;
  }
  const def = entity.fields[c.field]!;
  const col = def.expr;
  const cast = sql.raw(def.type);
  if (def.through) return compileThrough(entity, def, c, index);
  if (kind === 'number') return compileNumber(col, c, index);
  switch (c.op) {
    case 'contains':
      return sql`${col} ilike ${containsPattern(needString(c, index))} escape '\\'`;
    case 'equals': {
      const value = needString(c, index);
      if (kind === 'text') return sql`lower(${col}) = ${value.toLowerCase()}`;
      const equals = sql`${col} = ${checkValue(c.field, def, value, index)}::${cast}`;
      return def.narrow ? and(...def.narrow([value]), equals)! : equals;
    }
    case 'in': {
      const values = needArray(c, index);
      if (kind === 'text')
        return sql`lower(${col}) = any(${textArray(values.map((v) => v.toLowerCase()))})`;
      for (const value of values) checkValue(c.field, def, value, index);
      const among = sql`${col} = any(${arrayLiteral(values)}::${cast}[])`;
      return def.narrow ? and(...def.narrow(values), among)! : among;
    }
    case 'empty':
      if (kind === 'text') return sql`${col} = ''`;
      if (kind === 'tags') return sql`cardinality(${col}) = 0`;
      return sql`${col} is null`;
    case 'not_empty':
      if (kind === 'text') return sql`${col} <> ''`;
      if (kind === 'tags') return sql`cardinality(${col}) > 0`;
      return sql`${col} is not null`;
    case 'has_any':
      return sql`${col} && ${textArray(needArray(c, index))}`;
    case 'has_all':
      return sql`${col} @> ${textArray(needArray(c, index))}`;
    case 'between': {
      const range = c.value;
      if (
        !range ||
        typeof range !== 'object' ||
        Array.isArray(range) ||
        (!range.from && !range.to)
      ) {
        throw invalid(
          'filters',
          `Condition ${index + 1} ("${c.field}" between) needs { from, to } with at least one of them`,
        );
      }
      const parts: SQL[] = [];
      if (range.from) parts.push(sql`${col} >= ${range.from}::timestamptz`);
      if (range.to) parts.push(sql`${col} < ${range.to}::timestamptz`);
      return and(...parts)!;
    }
    default:
      throw invalid('filters', `"${c.field}" does not take the operator "${c.op}"`);
  }
}

/** Turns conditions into SQL; an unknown field, a wrong operator or value is a 400. */
export function compileFilters(entity: EntityDef, conditions: FilterCondition[]): CompiledFilter {
  const listIds: string[] = [];
  const where = conditions.map((c, i) => compileOne(entity, c, i, listIds));
  return { where, listIds };
}

/** Free-text search over the trigram-indexed `search_text`. */
export function searchCondition(entity: EntityDef, q: string | undefined): SQL[] {
  if (!q) return [];
  const pattern = sql`${containsPattern(q.toLowerCase())}`;
  if (entity.searchMatch) return [entity.searchMatch(pattern)];
  return [sql`${column(entity.table, 'search_text')} like ${pattern} escape '\\'`];
}

/** The rows a selection names: given ids, or everything a filter (and search) matches. */
export function selectionFilter(entity: EntityDef, selection: Selection): CompiledFilter {
  if ('ids' in selection) {
    return {
      where: [sql`${column(entity.table, 'id')} = any(${uuidArray(selection.ids)})`],
      listIds: [],
    };
  }
  const compiled = compileFilters(entity, selection.filter.filters);
  return {
    where: [...compiled.where, ...searchCondition(entity, selection.filter.q)],
    listIds: compiled.listIds,
  };
}
