import { describe, expect, it } from 'vitest';
import {
  appendPage,
  applyRemoteMove,
  neighbours,
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
        sums: [{ currency: 'USD', amount: '50000', weighted: '5000' }],
        nextCursor: 'next',
      },
      prop: {
        stageId: 'prop',
        probability: 50,
        dealIds: ['c'],
        count: 1,
        sums: [{ currency: 'USD', amount: '30000', weighted: '15000' }],
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
      sums: [{ currency: 'USD', amount: '30000', weighted: '3000' }],
    });
    expect(moved.columns.prop).toMatchObject({
      dealIds: ['b', 'c'],
      count: 2,
      sums: [{ currency: 'USD', amount: '50000', weighted: '25000' }],
    });
    expect(moved.deals.b?.stageId).toBe('prop');
    // The whole pipeline is unchanged but for the weighting.
    expect(boardTotals(moved)).toEqual({
      count: 6,
      sums: [{ currency: 'USD', amount: '80000', weighted: '28000' }],
    });
  });

  it('keeps currencies apart: a deal in another currency gets a sum of its own', () => {
    const start = board();
    start.deals.e = { id: 'e', stageId: 'qual', amount: 9_000, currency: 'EUR' };
    start.columns.qual!.dealIds.push('e');
    start.columns.qual!.sums.push({ currency: 'EUR', amount: '9000', weighted: '900' });
    const moved = moveDeal(start, 'e', 'prop', 1);
    expect(moved.columns.prop?.sums).toEqual([
      { currency: 'USD', amount: '30000', weighted: '15000' },
      { currency: 'EUR', amount: '9000', weighted: '4500' },
    ]);
    // The emptied EUR sum leaves the first stage.
    expect(moved.columns.qual?.sums).toEqual([
      { currency: 'USD', amount: '50000', weighted: '5000' },
    ]);
  });

  it('reorders within a stage without touching its totals', () => {
    const moved = moveDeal(board(), 'b', 'qual', 0);
    expect(moved.columns.qual).toMatchObject({
      dealIds: ['b', 'a'],
      count: 5,
      sums: [{ currency: 'USD', amount: '50000', weighted: '5000' }],
    });
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

type PlacedDeal = BoardDeal & { position: string };
function placedBoard(): Board<PlacedDeal> {
  const start = board();
  const positions: Record<string, string> = { a: 'a0', b: 'a5', c: 'b0' };
  const deals: Record<string, PlacedDeal> = {};
  for (const [id, d] of Object.entries(start.deals)) deals[id] = { ...d, position: positions[id]! };
  return { ...start, deals };
}

describe('neighbours (how a move names its place)', () => {
  it('answers the deals above and below', () => {
    const moved = moveDeal(board(), 'c', 'qual', 1);
    expect(neighbours(moved, 'c')).toEqual({ afterId: 'a', beforeId: 'b' });
    expect(neighbours(moved, 'a')).toEqual({ afterId: null, beforeId: 'c' });
    expect(neighbours(moved, 'zzz')).toEqual({ afterId: null, beforeId: null });
  });
});

describe('applyRemoteMove (another member’s move)', () => {
  it('places the card by its position key and moves the figures', () => {
    const next = applyRemoteMove(placedBoard(), {
      dealId: 'c',
      fromStageId: 'prop',
      toStageId: 'qual',
      position: 'a2',
    });
    expect(next?.columns.qual?.dealIds).toEqual(['a', 'c', 'b']);
    expect(next?.columns.qual?.count).toBe(6);
    expect(next?.columns.prop).toMatchObject({ dealIds: [], count: 0, sums: [] });
    expect(next?.deals.c).toMatchObject({ stageId: 'qual', position: 'a2' });
  });

  it('changes nothing for a move the board already shows (one’s own, coming back)', () => {
    const start = placedBoard();
    expect(
      applyRemoteMove(start, {
        dealId: 'a',
        fromStageId: 'qual',
        toStageId: 'qual',
        position: 'a0',
      }),
    ).toBe(start);
  });

  it('counts a deal moved past the loaded page without showing it', () => {
    const next = applyRemoteMove(placedBoard(), {
      dealId: 'c',
      fromStageId: 'prop',
      toStageId: 'qual',
      position: 'z9',
    });
    // The first stage has more to load: the deal is among those, counted but not shown.
    expect(next?.columns.qual?.dealIds).toEqual(['a', 'b']);
    expect(next?.columns.qual?.count).toBe(6);
    expect(next?.deals.c).toBeUndefined();
  });

  it('asks for the board again for a deal it has not loaded', () => {
    expect(
      applyRemoteMove(placedBoard(), {
        dealId: 'x',
        fromStageId: 'qual',
        toStageId: 'prop',
        position: 'c0',
      }),
    ).toBeNull();
    const start = placedBoard();
    expect(
      applyRemoteMove(start, { dealId: 'x', fromStageId: 'o1', toStageId: 'o2', position: 'c0' }),
    ).toBe(start);
  });
});
