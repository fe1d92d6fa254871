import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileFilters } from '../../lib/records/filters.ts';
import { narrowDueStates, tasksEntity } from './tasks.entity.ts';

const dialect = new PgDialect();
const text = (conditions: ReturnType<typeof narrowDueStates>) =>
  conditions.map((c) => dialect.sqlToQuery(c).sql).join(' and ');

describe("the tasks' due state, a computed field of the registry", () => {
  it('narrows each set of states to what an index can range over, never more than it holds', () => {
    expect(text(narrowDueStates(['closed']))).toBe(`"tasks"."status" <> 'open'`);
    expect(text(narrowDueStates(['today', 'closed']))).toBe('');
    expect(text(narrowDueStates(['none']))).toContain('"tasks"."due_at" is null');
    expect(text(narrowDueStates(['today']))).toContain("now() - interval '27 hours'");
    expect(text(narrowDueStates(['overdue']))).toContain('<= now()');
    expect(text(narrowDueStates(['overdue', 'today']))).toContain("< now() + interval '27 hours'");
    expect(text(narrowDueStates(['upcoming']))).toContain('> now()');
    // Upcoming holds the open tasks without a due time too: no bound on the due time.
    expect(text(narrowDueStates(['upcoming', 'none']))).toBe(`"tasks"."status" = 'open'`);
  });

  it('filters like a stored enum: its values are checked, and each state reads the row zone', () => {
    const [where] = compileFilters(tasksEntity, [
      { field: 'dueState', op: 'in', value: ['today', 'overdue'] },
    ]).where;
    const query = dialect.sqlToQuery(where!).sql;
    expect(query).toContain('coalesce("tasks"."assignee_id", "tasks"."created_by")');
    expect(query).toContain("'UTC'");
    expect(() =>
      compileFilters(tasksEntity, [{ field: 'dueState', op: 'equals', value: 'soon' }]),
    ).toThrow(/not a value of dueState/);
    expect(() =>
      compileFilters(tasksEntity, [{ field: 'dueState', op: 'contains', value: 'to' }]),
    ).toThrow(/operator/);
    expect(() =>
      compileFilters(tasksEntity, [{ field: 'list', op: 'on_list', value: 'x' }]),
    ).toThrow(/Unknown field/);
  });
});
