import { describe, expect, it } from 'vitest';
import {
  builderFields,
  dayEndToInstant,
  dayToInstant,
  instantEndToDay,
  isCompleteCondition,
  newCondition,
  operatorsFor,
  withOperator,
} from './filter-fields.ts';
import { MAX_RENDERED_ROWS, visibleRange } from '../table/virtual-window.ts';

describe('filter builder rules', () => {
  it('offers the operators of each kind of field', () => {
    expect(operatorsFor('people', 'stage')).toEqual(['equals', 'in', 'empty', 'not_empty']);
    expect(operatorsFor('people', 'tags')).toContain('has_all');
    expect(operatorsFor('people', 'list')).toEqual(['on_list', 'not_on_list']);
    expect(operatorsFor('companies', 'stage')).toEqual([]);
    expect(builderFields('people')).not.toContain('companyId');
    expect(builderFields('companies')).toContain('revenueRange');
  });

  it('starts a condition with the first operator and keeps the value across operators', () => {
    expect(newCondition('people', 'city')).toEqual({ field: 'city', op: 'contains', value: '' });
    expect(newCondition('people', 'createdAt')).toEqual({
      field: 'createdAt',
      op: 'between',
      value: {},
    });
    const equals = { field: 'stage', op: 'equals' as const, value: 'cold' };
    expect(withOperator(equals, 'in')).toEqual({ field: 'stage', op: 'in', value: ['cold'] });
    expect(withOperator(equals, 'empty')).toEqual({ field: 'stage', op: 'empty' });
    expect(withOperator({ field: 'stage', op: 'in', value: ['a', 'b'] }, 'equals').value).toBe('a');
  });

  it('knows when a condition can be sent', () => {
    expect(isCompleteCondition('people', { field: 'city', op: 'contains', value: '' })).toBe(false);
    expect(isCompleteCondition('people', { field: 'city', op: 'contains', value: 'x' })).toBe(true);
    expect(isCompleteCondition('people', { field: 'city', op: 'empty' })).toBe(true);
    expect(isCompleteCondition('people', { field: 'stage', op: 'in', value: [] })).toBe(false);
    expect(isCompleteCondition('people', { field: 'createdAt', op: 'between', value: {} })).toBe(
      false,
    );
    expect(
      isCompleteCondition('people', {
        field: 'createdAt',
        op: 'between',
        value: { to: '2026-02-01T00:00:00.000Z' },
      }),
    ).toBe(true);
  });

  it('turns date inputs into a from-inclusive, to-exclusive range of instants', () => {
    expect(dayToInstant('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(dayToInstant('')).toBeUndefined();
    expect(dayEndToInstant('2026-03-31')).toBe('2026-04-01T00:00:00.000Z');
    expect(instantEndToDay('2026-04-01T00:00:00.000Z')).toBe('2026-03-31');
  });
});

describe('table window', () => {
  it('draws the visible rows plus a few, never more than the cap', () => {
    expect(visibleRange(0, 440, 44, 1_000_000)).toEqual({ start: 0, end: 18 });
    const deep = visibleRange(44 * 500_000, 880, 44, 1_000_000);
    expect(deep.start).toBe(500_000 - 8);
    expect(deep.end - deep.start).toBeLessThanOrEqual(MAX_RENDERED_ROWS);
    expect(visibleRange(0, 100_000, 44, 1_000_000).end).toBe(MAX_RENDERED_ROWS);
    expect(visibleRange(0, 440, 44, 5)).toEqual({ start: 0, end: 5 });
    expect(visibleRange(0, 440, 44, 0)).toEqual({ start: 0, end: 0 });
  });
});
