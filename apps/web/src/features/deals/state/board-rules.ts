/*
 * The deals board's rules, as pure functions over a plain board: columns (one per stage) with
 * the ids of the deals loaded so far, and the server's count and sums of the whole stage (not only
 * of the loaded page). A move shows at once (optimistic) with the totals moved along, and is put
 * back from a snapshot if the server refuses it; the server's answer then replaces the guesses.
 */

import { addMinor, compareMinor, weighMinor } from '../../../utils/money.ts';

/** What the board needs of a deal. */
export interface BoardDeal {
  id: string;
  stageId: string;
  amount: number;
  currency: string;
}

/**
 * The amounts of one currency (never added to another's), in minor units as exact decimal strings
 * (sums pass 2^53: record 037).
 */
export interface MoneySum {
  currency: string;
  amount: string;
  /** Weighted by the stage's probability (money.ts `weighMinor`: the server's rule). */
  weighted: string;
}

/** One stage's column: the deals loaded so far (in order) and the whole stage's figures. */
export interface BoardColumn {
  stageId: string;
  /** Win probability of the stage, 0 to 100. */
  probability: number;
  dealIds: string[];
  /** Deals in the stage (all of them, loaded or not). */
  count: number;
  /** Sums of the amounts by currency, largest first. */
  sums: MoneySum[];
  nextCursor: string | null;
}

export interface Board<D extends BoardDeal> {
  /** Stage ids, in the pipeline's order. */
  order: string[];
  columns: Record<string, BoardColumn>;
  deals: Record<string, D>;
}

export const emptyBoard = <D extends BoardDeal>(): Board<D> => ({
  order: [],
  columns: {},
  deals: {},
});

/** An amount weighted by a probability in percent, rounded half up to the minor unit. */
export const weigh = (amount: number, probability: number) =>
  Number(weighMinor(amount, probability));

function withoutDeal(column: BoardColumn, dealId: string): BoardColumn {
  return { ...column, dealIds: column.dealIds.filter((id) => id !== dealId) };
}

/**
 * Adds `sign` times the deal's amount to its currency's sum, and weighs the new sum as the server
 * does (the stage's sum × probability, rounded once); an emptied sum goes.
 */
function shiftSums(column: BoardColumn, deal: BoardDeal, sign: 1 | -1): MoneySum[] {
  const known = column.sums.find((sum) => sum.currency === deal.currency);
  const amount = addMinor(known?.amount ?? 0, sign * deal.amount);
  const next = {
    currency: deal.currency,
    amount,
    weighted: weighMinor(amount, column.probability),
  };
  const sums = known
    ? column.sums.map((sum) => (sum.currency === deal.currency ? next : sum))
    : [...column.sums, next];
  return sortSums(sign > 0 ? sums : sums.filter((sum) => BigInt(sum.amount) !== 0n));
}

/** Largest amount first, then by currency code (the server's order). */
export function sortSums(sums: MoneySum[]): MoneySum[] {
  return [...sums].sort(
    (a, b) =>
      compareMinor(b.amount, a.amount) ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
}

/** The deal leaves a stage's figures (it was counted there). */
function subtract(column: BoardColumn, deal: BoardDeal): BoardColumn {
  return { ...column, count: Math.max(0, column.count - 1), sums: shiftSums(column, deal, -1) };
}

/** The deal joins a stage's figures. */
function add(column: BoardColumn, deal: BoardDeal): BoardColumn {
  return { ...column, count: column.count + 1, sums: shiftSums(column, deal, 1) };
}

/**
 * Moves a deal to `index` of another (or the same) stage: what a drop shows before the server
 * answers. Counts and sums move with it. An unknown deal or stage changes nothing.
 */
export function moveDeal<D extends BoardDeal>(
  board: Board<D>,
  dealId: string,
  toStageId: string,
  index: number,
): Board<D> {
  const deal = board.deals[dealId];
  const target = board.columns[toStageId];
  if (!deal || !target) return board;
  const columns = { ...board.columns };
  const source = columns[deal.stageId];
  const sameStage = deal.stageId === toStageId;
  if (source && !sameStage) columns[deal.stageId] = subtract(withoutDeal(source, dealId), deal);
  let to = withoutDeal(columns[toStageId]!, dealId);
  if (!sameStage) to = add(to, deal);
  const ids = [...to.dealIds];
  ids.splice(Math.max(0, Math.min(index, ids.length)), 0, dealId);
  columns[toStageId] = { ...to, dealIds: ids };
  return {
    ...board,
    columns,
    deals: { ...board.deals, [dealId]: { ...deal, stageId: toStageId } },
  };
}

/** Where a deal was before a move, to put the board back if the server refuses. */
export interface MoveSnapshot<D extends BoardDeal> {
  deal: D;
  columns: Record<string, BoardColumn>;
}

export function snapshotMove<D extends BoardDeal>(
  board: Board<D>,
  dealId: string,
  toStageId: string,
): MoveSnapshot<D> | null {
  const deal = board.deals[dealId];
  if (!deal) return null;
  const columns: Record<string, BoardColumn> = {};
  for (const id of new Set([deal.stageId, toStageId])) {
    const column = board.columns[id];
    if (column) columns[id] = column;
  }
  return { deal, columns };
}

export function restoreMove<D extends BoardDeal>(
  board: Board<D>,
  snapshot: MoveSnapshot<D>,
): Board<D> {
  return {
    ...board,
    columns: { ...board.columns, ...snapshot.columns },
    deals: { ...board.deals, [snapshot.deal.id]: snapshot.deal },
  };
}

/** The next page of a stage, after what is loaded (a deal already shown is not repeated). */
export function appendPage<D extends BoardDeal>(
  board: Board<D>,
  stageId: string,
  deals: D[],
  nextCursor: string | null,
): Board<D> {
  const column = board.columns[stageId];
  if (!column) return board;
  const known = new Set(column.dealIds);
  const added = deals.filter((deal) => !known.has(deal.id) && deal.stageId === stageId);
  const byId = { ...board.deals };
  for (const deal of added) byId[deal.id] = deal;
  return {
    ...board,
    deals: byId,
    columns: {
      ...board.columns,
      [stageId]: { ...column, dealIds: [...column.dealIds, ...added.map((d) => d.id)], nextCursor },
    },
  };
}

/** Sums of several columns (or months) added currency by currency, largest first. */
export function addSums(groups: MoneySum[][]): MoneySum[] {
  const byCurrency = new Map<string, MoneySum>();
  for (const sums of groups) {
    for (const sum of sums) {
      const known = byCurrency.get(sum.currency);
      if (known) {
        known.amount = addMinor(known.amount, sum.amount);
        known.weighted = addMinor(known.weighted, sum.weighted);
      } else {
        byCurrency.set(sum.currency, { ...sum });
      }
    }
  }
  return sortSums([...byCurrency.values()]);
}

/**
 * Every stage's figures together: deals, and amounts by currency, of the whole pipeline. The
 * weighted total is Σ(stage sum × probability) / 100 rounded once, the server's rule (not the sum
 * of each stage's rounded figure).
 */
export function boardTotals(board: Board<BoardDeal>): { count: number; sums: MoneySum[] } {
  const columns = board.order
    .map((id) => board.columns[id])
    .filter((column): column is BoardColumn => Boolean(column));
  const raw = new Map<string, { amount: bigint; raw: bigint }>();
  for (const column of columns) {
    for (const sum of column.sums) {
      const known = raw.get(sum.currency) ?? { amount: 0n, raw: 0n };
      known.amount += BigInt(sum.amount);
      known.raw += BigInt(sum.amount) * BigInt(column.probability);
      raw.set(sum.currency, known);
    }
  }
  return {
    count: columns.reduce((total, column) => total + column.count, 0),
    sums: sortSums(
      [...raw.entries()].map(([currency, total]) => ({
        currency,
        amount: total.amount.toString(),
        weighted: weighMinor(total.raw, 1),
      })),
    ),
  };
}

/** The deals of a column, in order, skipping ids the board does not hold. */
export function dealsOf<D extends BoardDeal>(board: Board<D>, stageId: string): D[] {
  return (board.columns[stageId]?.dealIds ?? [])
    .map((id) => board.deals[id])
    .filter((deal): deal is D => Boolean(deal));
}

/** The deals above and below a deal in its column, as the move call names its place. */
export function neighbours(
  board: Board<BoardDeal>,
  dealId: string,
): { afterId: string | null; beforeId: string | null } {
  const deal = board.deals[dealId];
  const ids = deal ? (board.columns[deal.stageId]?.dealIds ?? []) : [];
  const at = ids.indexOf(dealId);
  if (at === -1) return { afterId: null, beforeId: null };
  return { afterId: ids[at - 1] ?? null, beforeId: ids[at + 1] ?? null };
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Board order: by (position, id), compared as plain strings, as the server orders them. */
export function comparePlaced(
  a: { position: string; id: string },
  b: { position: string; id: string },
): number {
  return compareKeys(a.position, b.position) || compareKeys(a.id, b.id);
}

/**
 * Another member moved a deal (`deals.moved`): the card takes its new stage and place by its
 * position key, and the figures move with it. Answers null when the board cannot place it
 * without reading the stage again (a deal it has not loaded: its amount is unknown).
 * A move the board already shows (the member's own, coming back) changes nothing.
 */
export function applyRemoteMove<D extends BoardDeal & { position: string }>(
  board: Board<D>,
  move: { dealId: string; fromStageId: string; toStageId: string; position: string },
): Board<D> | null {
  const deal = board.deals[move.dealId];
  const target = board.columns[move.toStageId];
  if (!deal) return target || board.columns[move.fromStageId] ? null : board;
  if (deal.stageId === move.toStageId && deal.position === move.position) return board;
  if (!target) {
    // Moved to a stage this board does not show (another pipeline): it leaves.
    const source = board.columns[deal.stageId];
    const deals = { ...board.deals };
    delete deals[deal.id];
    return {
      ...board,
      deals,
      columns: source
        ? { ...board.columns, [deal.stageId]: subtract(withoutDeal(source, deal.id), deal) }
        : board.columns,
    };
  }
  const placed = { ...deal, stageId: move.toStageId, position: move.position };
  const others = target.dealIds
    .filter((id) => id !== deal.id)
    .map((id) => board.deals[id])
    .filter((d): d is D => Boolean(d));
  let index = others.findIndex((other) => comparePlaced(placed, other) < 0);
  if (index === -1) {
    // After every loaded deal: if the column has more to load, it belongs among those.
    if (target.nextCursor !== null) {
      const moved = moveDeal(board, deal.id, move.toStageId, others.length);
      const column = moved.columns[move.toStageId]!;
      const deals = { ...moved.deals };
      delete deals[deal.id];
      return {
        ...moved,
        deals,
        columns: {
          ...moved.columns,
          [move.toStageId]: { ...column, dealIds: column.dealIds.filter((id) => id !== deal.id) },
        },
      };
    }
    index = others.length;
  }
  const moved = moveDeal(board, deal.id, move.toStageId, index);
  return { ...moved, deals: { ...moved.deals, [deal.id]: placed } };
}
