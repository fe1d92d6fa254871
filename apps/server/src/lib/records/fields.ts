import { sql, type SQL } from 'drizzle-orm';
import type { FilterFieldKind, RecordEntityName, SubjectType } from '@beacon/contract';
import { column, type Executor } from './sql.ts';

/** How a column is compared, cast and sorted; the SQL type names the cursor's cast. */
export type FieldDef = {
  expr: SQL;
  /** The SQL type a parameter is cast to before it is compared with the column. */
  type: string;
  nullable: boolean;
  /** The allowed values of an enum column. */
  values?: readonly string[];
  /** False for arrays: a sort on them is refused. */
  sortable: boolean;
  /** What a sort orders by: `lower(column)` for text, so "alpha" comes between "Able" and "Bravo". */
  sortExpr: SQL;
  /**
   * A reference held in another table (the people of a deal: `deal_people.person_id`): `equals`,
   * `in`, `empty` and `not_empty` test whether such a row exists. `expr` is then unused.
   */
  through?: { table: string; key: string; value: string };
  /**
   * A computed enum field's index helper: for a condition keeping the rows whose value is one of
   * `values` (`equals`, `in`), conditions on stored columns that every such row meets, and-ed with
   * it so an index can narrow the rows the computed value is then checked on (a task's due state:
   * open, and due within a day and a bit of now). Never changes what matches.
   */
  narrow?: (values: readonly string[]) => SQL[];
};

/**
 * The columns of `activities` and `notes` (db/schema/crm.ts) that point at a record, one per
 * entity; a new entity adds its own there and here.
 */
export type SubjectKey = 'personId' | 'companyId' | 'dealId' | 'taskId';

/**
 * A records-style entity, as the records registry (lib/records/registry.ts) holds it: each entity's
 * entry sits in its module (modules/people/people.entity.ts) and is registered once, in
 * modules/record-entities.ts. The engine (filters, sort, cursor, count, bulk, lists, notes, the
 * timeline, saved views) reads everything it needs from here.
 */
export type EntityDef = {
  name: RecordEntityName;
  /** What its notes and timeline entries name it ('person'); also the record in a sentence. */
  subject: SubjectType;
  /** The answer to an id that is not there (or of another workspace): 'No such person'. */
  notFound: string;
  /** Its column in `activities` and `notes`. */
  subjectKey: SubjectKey;
  table: string;
  /**
   * The column naming the member the record belongs to (`owner_id`; a task's `assignee_id`):
   * record visibility `own` keeps a member to the records it names (lib/records/scope.ts).
   */
  ownerColumn: string;
  /** Every column the API names, filterable or sortable. */
  fields: Record<string, FieldDef>;
  /** The filter kind of each filterable field (from the contract). */
  kinds: Record<string, FilterFieldKind>;
  /**
   * The table of list memberships and its column pointing at this entity (named as its column in
   * `activities`); none for an entity without lists (the contract's `entitiesWithoutLists`).
   */
  members?: { table: string; column: string };
  defaultSort: string;
  /**
   * Names copied from a linked record (a person's `companyName` beside `companyId`). For a member
   * with record visibility `own` they read as '' where the linked record is not theirs: in
   * filters, sorts and the search as in answers (lib/records/scope.ts `scopedEntity`).
   * `searchRest` is the search text without the name.
   */
  linkedNames?: {
    field: string;
    idColumn: string;
    linked: Pick<EntityDef, 'table' | 'ownerColumn'>;
    searchRest: SQL;
  }[];
  /** The free-text search's condition on a pattern, when it is not `search_text like pattern`. */
  searchMatch?: (pattern: SQL) => SQL;
  /**
   * Deletes every record `match` selects (a bulk delete), with what must follow in the same
   * statements; answers how many it deleted.
   */
  deleteWhere: (db: Executor, match: SQL) => Promise<number>;
};

const def = (
  table: string,
  name: string,
  type: string,
  options: {
    nullable?: boolean;
    values?: readonly string[];
    sortable?: boolean;
    /** Text stored lower-cased already (e-mails, domains): sorted as it is. */
    lowerCased?: boolean;
    /** Reads the value from this expression instead of the column (a computed field). */
    expr?: SQL;
    through?: FieldDef['through'];
    narrow?: FieldDef['narrow'];
  } = {},
): FieldDef => ({
  ...(options.through ? { through: options.through } : {}),
  ...(options.narrow ? { narrow: options.narrow } : {}),
  expr: options.expr ?? column(table, name),
  type,
  nullable: options.nullable ?? false,
  values: options.values,
  sortable: options.sortable ?? true,
  sortExpr:
    type === 'text' && !options.lowerCased
      ? sql`lower(${column(table, name)})`
      : column(table, name),
});

/** The field maker of a table: `fieldsOf('people')('first_name')` is a text field of people. */
export const fieldsOf =
  (table: string) =>
  (name: string, type = 'text', options?: Parameters<typeof def>[3]): FieldDef =>
    def(table, name, type, options);

/** The list memberships of an entity that has lists; asking for another's is a programming error. */
export function membersOf(entity: EntityDef): { table: string; column: string } {
  if (!entity.members) throw new Error(`${entity.name} have no lists`);
  return entity.members;
}
