/*
 * The deals board's rules, as pure functions over a plain board: columns (one per stage) with
 * the ids of the deals loaded so far, and the server's count and sums of the whole stage (not only
 * of the loaded page). A move shows at once (optimistic) with the totals moved along, and is put
 * back from a snapshot if the server refuses it; the server's answer then replaces the guesses.
 */

/** What the board needs of a deal. */
export interface BoardDeal {
  id: string;
  stageId: string;
  amount: number;
  currency: string;
}

/** One stage's column: the deals loaded so far (in order) and the whole stage's figures. */
export interface BoardColumn {
  stageId: string;
  /** Win probability of the stage, 0 to 100. */
  probability: number;
  dealIds: string[];
  /** Deals in the stage (all of them, loaded or not). */
  count: number;
  /** Sum of the amounts, in minor units. */
  amount: number;
  /** Sum of the amounts weighted by the stage's probability, in minor units. */
  weighted: number;
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

/** An amount weighted by a probability in percent, rounded to the minor unit. */
export const weigh = (amount: number, probability: number) =>
  Math.round((amount * probability) / 100);

function withoutDeal(column: BoardColumn, dealId: string): BoardColumn {
  return { ...column, dealIds: column.dealIds.filter((id) => id !== dealId) };
}

/** The deal leaves a stage's figures (it was counted there). */
function subtract(column: BoardColumn, deal: BoardDeal): BoardColumn {
  return {
    ...column,
    count: Math.max(0, column.count - 1),
    amount: column.amount - deal.amount,
    weighted: column.weighted - weigh(deal.amount, column.probability),
  };
}

/** The deal joins a stage's figures. */
function add(column: BoardColumn, deal: BoardDeal): BoardColumn {
  return {
    ...column,
    count: column.count + 1,
    amount: column.amount + deal.amount,
    weighted: column.weighted + weigh(deal.amount, column.probability),
  };
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

/** Every stage's figures together: deals, amount and weighted amount of the whole pipeline. */
export function boardTotals(board: Board<BoardDeal>): {
  count: number;
  amount: number;
  weighted: number;
} {
  let count = 0;
  let amount = 0;
  let weighted = 0;
  for (const id of board.order) {
    const column = board.columns[id];
    if (!column) continue;
    count += column.count;
    amount += column.amount;
    weighted += column.weighted;
  }
  return { count, amount, weighted };
}

/** The deals of a column, in order, skipping ids the board does not hold. */
export function dealsOf<D extends BoardDeal>(board: Board<D>, stageId: string): D[] {
  return (board.columns[stageId]?.dealIds ?? [])
    .map((id) => board.deals[id])
    .filter((deal): deal is D => Boolean(deal));
}
