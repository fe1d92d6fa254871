import { describe, expect, it } from 'vitest';
import {
  appendPage,
  boardTotals,
  dealsOf,
  moveDeal,
  restoreMove,
  snapshotMove,
  weigh,
  type Board,
  type BoardDeal,
} from './board-rules.ts';

const deal = (id: string, stageId: string, amount: number): BoardDeal => ({
  id,
  stageId,
  amount,
  currency: 'USD',
});

/** Two stages: qualification (10 %) holds a and b; proposal (50 %) holds c. */
function board(): Board<BoardDeal> {
  return {
    order: ['qual', 'prop'],
    columns: {
      qual: {
        stageId: 'qual',
        probability: 10,
        dealIds: ['a', 'b'],
        count: 5,
        amount: 50_000,
        weighted: 5_000,
        nextCursor: 'next',
      },
      prop: {
        stageId: 'prop',
        probability: 50,
        dealIds: ['c'],
        count: 1,
        amount: 30_000,
        weighted: 15_000,
        nextCursor: null,
      },
    },
    deals: {
      a: deal('a', 'qual', 10_000),
      b: deal('b', 'qual', 20_000),
      c: deal('c', 'prop', 30_000),
    },
  };
}

describe('moveDeal (what a drop shows before the server answers)', () => {
  it('moves the deal and its amount from one stage’s totals to the other’s', () => {
    const moved = moveDeal(board(), 'b', 'prop', 0);
    expect(moved.columns.qual).toMatchObject({
      dealIds: ['a'],
      count: 4,
      amount: 30_000,
      weighted: 3_000,
    });
    expect(moved.columns.prop).toMatchObject({
      dealIds: ['b', 'c'],
      count: 2,
      amount: 50_000,
      weighted: 25_000,
    });
    expect(moved.deals.b?.stageId).toBe('prop');
    // The whole pipeline is unchanged but for the weighting.
    expect(boardTotals(moved)).toEqual({ count: 6, amount: 80_000, weighted: 28_000 });
  });

  it('reorders within a stage without touching its totals', () => {
    const moved = moveDeal(board(), 'b', 'qual', 0);
    expect(moved.columns.qual).toMatchObject({ dealIds: ['b', 'a'], count: 5, amount: 50_000 });
  });

  it('clamps the index and ignores unknown deals and stages', () => {
    expect(moveDeal(board(), 'a', 'prop', 99).columns.prop?.dealIds).toEqual(['c', 'a']);
    const start = board();
    expect(moveDeal(start, 'zzz', 'prop', 0)).toBe(start);
    expect(moveDeal(start, 'a', 'zzz', 0)).toBe(start);
  });

  it('is put back exactly from its snapshot when the server refuses', () => {
    const start = board();
    const snapshot = snapshotMove(start, 'a', 'prop');
    expect(snapshot).not.toBeNull();
    const moved = moveDeal(start, 'a', 'prop', 1);
    const restored = restoreMove(moved, snapshot!);
    expect(restored.columns).toEqual(start.columns);
    expect(restored.deals).toEqual(start.deals);
  });
});

describe('appendPage (a column loading more as it scrolls)', () => {
  it('adds the next deals after the loaded ones, skipping repeats and other stages', () => {
    const next = appendPage(
      board(),
      'qual',
      [deal('b', 'qual', 20_000), deal('d', 'qual', 1), deal('e', 'prop', 2)],
      null,
    );
    expect(next.columns.qual?.dealIds).toEqual(['a', 'b', 'd']);
    expect(next.columns.qual?.nextCursor).toBeNull();
    expect(dealsOf(next, 'qual').map((d) => d.id)).toEqual(['a', 'b', 'd']);
    // The figures are the server's, for the whole stage: a page does not change them.
    expect(next.columns.qual?.count).toBe(5);
  });
});

describe('weigh', () => {
  it('rounds to the minor unit', () => {
    expect(weigh(333, 10)).toBe(33);
    expect(weigh(335, 10)).toBe(34);
  });
});
