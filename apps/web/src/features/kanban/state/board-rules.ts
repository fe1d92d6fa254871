import type { KanbanBoard, KanbanCard, KanbanColumn } from '@beacon/contract';

/**
 * The board's rules, as functions that change a board in place (Immer drafts in the slice).
 * Cards of a column are ordered by (position, id) and columns by (position, id), both compared
 * as plain strings: that is how the server orders them, and how a card or column that moved
 * elsewhere finds its place here.
 */

export const emptyBoard = (): KanbanBoard => ({ cards: {}, columns: {}, columnOrder: [] });

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function comparePlaced(
  a: { position: string; id: string },
  b: { position: string; id: string },
): number {
  return compareStrings(a.position, b.position) || compareStrings(a.id, b.id);
}

/** A board as the server sent it, with every column's cardIds pointing at known cards only. */
export function normalizeBoard(board: KanbanBoard): KanbanBoard {
  const columns: KanbanBoard['columns'] = {};
  for (const [id, column] of Object.entries(board.columns)) {
    columns[id] = { ...column, cardIds: column.cardIds.filter((cardId) => cardId in board.cards) };
  }
  return {
    cards: board.cards,
    columns,
    columnOrder: board.columnOrder.filter((id) => id in columns),
  };
}

/** A new column goes at the end of the order; a known one only takes the new name and place. */
export function addColumn(board: KanbanBoard, column: KanbanColumn): void {
  const known = board.columns[column.id];
  if (known) {
    known.name = column.name;
    known.position = column.position;
    return;
  }
  board.columns[column.id] = {
    ...column,
    cardIds: column.cardIds.filter((cardId) => cardId in board.cards),
  };
  board.columnOrder = board.columnOrder.filter((id) => id !== column.id);
  board.columnOrder.push(column.id);
}

export function renameColumn(board: KanbanBoard, columnId: string, name: string): void {
  const column = board.columns[columnId];
  if (column) column.name = name;
}

/** Deleting a column also removes its cards and its place in the order (the spec's rule). */
export function removeColumn(board: KanbanBoard, columnId: string, cardIds: string[] = []): void {
  const column = board.columns[columnId];
  for (const cardId of new Set([...(column?.cardIds ?? []), ...cardIds])) {
    delete board.cards[cardId];
  }
  // A card whose column is gone cannot stay, even one this board had out of place.
  for (const [cardId, card] of Object.entries(board.cards)) {
    if (card.columnId === columnId) delete board.cards[cardId];
  }
  delete board.columns[columnId];
  board.columnOrder = board.columnOrder.filter((id) => id !== columnId);
}

/** Removes every card of a column, keeping the column. */
export function clearColumn(board: KanbanBoard, columnId: string): void {
  const column = board.columns[columnId];
  if (!column) return;
  for (const cardId of column.cardIds) delete board.cards[cardId];
  for (const [cardId, card] of Object.entries(board.cards)) {
    if (card.columnId === columnId) delete board.cards[cardId];
  }
  column.cardIds = [];
}

/** Moves a column to `index` of the order (what a drop shows before the server answers). */
export function moveColumnTo(board: KanbanBoard, columnId: string, index: number): void {
  if (!board.columns[columnId]) return;
  const order = board.columnOrder.filter((id) => id !== columnId);
  order.splice(Math.max(0, Math.min(index, order.length)), 0, columnId);
  board.columnOrder = order;
}

/** A column took a new position (a move elsewhere): the order follows the positions. */
export function setColumnPosition(board: KanbanBoard, columnId: string, position: string): void {
  const column = board.columns[columnId];
  if (!column) return;
  column.position = position;
  board.columnOrder = [...board.columnOrder].sort((a, b) =>
    comparePlaced(board.columns[a]!, board.columns[b]!),
  );
}

/** The order the server answered; columns it does not know yet keep their place at the end. */
export function setColumnOrder(board: KanbanBoard, order: string[]): void {
  const known = order.filter((id) => id in board.columns);
  const rest = board.columnOrder.filter((id) => !known.includes(id));
  board.columnOrder = [...known, ...rest];
}

function detachCard(board: KanbanBoard, cardId: string): void {
  for (const column of Object.values(board.columns)) {
    const at = column.cardIds.indexOf(cardId);
    if (at !== -1) column.cardIds.splice(at, 1);
  }
}

/** Puts a card into its column at the place its (position, id) gives it. */
function placeCard(board: KanbanBoard, card: KanbanCard): void {
  const column = board.columns[card.columnId];
  if (!column) {
    // A column this board does not have: the card is somewhere it cannot show.
    delete board.cards[card.id];
    return;
  }
  let at = column.cardIds.length;
  for (let i = 0; i < column.cardIds.length; i += 1) {
    const other = board.cards[column.cardIds[i]!];
    if (other && comparePlaced(card, other) < 0) {
      at = i;
      break;
    }
  }
  column.cardIds.splice(at, 0, card.id);
}

/** Adding a card appends its id to its column (the spec's rule); a known card is updated. */
export function addCard(board: KanbanBoard, card: KanbanCard): void {
  if (board.cards[card.id]) {
    updateCard(board, card);
    return;
  }
  const column = board.columns[card.columnId];
  if (!column) return;
  board.cards[card.id] = card;
  column.cardIds.push(card.id);
}

const isOlder = (card: KanbanCard, than: KanbanCard) =>
  Date.parse(card.updatedAt) < Date.parse(than.updatedAt);

/**
 * A card changed (edited, moved, attachments): the newer version wins, and a card that moved
 * takes its place by position. An unknown card is added at its place.
 */
export function updateCard(board: KanbanBoard, card: KanbanCard): void {
  const known = board.cards[card.id];
  if (known && isOlder(card, known)) return;
  if (
    known &&
    known.columnId === card.columnId &&
    known.position === card.position &&
    board.columns[card.columnId]?.cardIds.includes(card.id)
  ) {
    board.cards[card.id] = card;
    return;
  }
  detachCard(board, card.id);
  board.cards[card.id] = card;
  placeCard(board, card);
}

/** Deleting a card removes it from its column and the cards (the spec's rule). */
export function removeCard(board: KanbanBoard, cardId: string): void {
  delete board.cards[cardId];
  detachCard(board, cardId);
}

/** Moves a card to `index` of a column (what a drop shows before the server answers). */
export function moveCardTo(
  board: KanbanBoard,
  cardId: string,
  columnId: string,
  index: number,
): void {
  const card = board.cards[cardId];
  const column = board.columns[columnId];
  if (!card || !column) return;
  detachCard(board, cardId);
  column.cardIds.splice(Math.max(0, Math.min(index, column.cardIds.length)), 0, cardId);
  card.columnId = columnId;
}

/** Where a card was before a move, to put it back if the server refuses the move. */
export interface CardMoveSnapshot {
  cardId: string;
  columnId: string;
  columns: Record<string, string[]>;
}

export function snapshotCardMove(
  board: KanbanBoard,
  cardId: string,
  toColumnId: string,
): CardMoveSnapshot | undefined {
  const card = board.cards[cardId];
  if (!card) return undefined;
  const columns: Record<string, string[]> = {};
  for (const id of new Set([card.columnId, toColumnId])) {
    const column = board.columns[id];
    if (column) columns[id] = [...column.cardIds];
  }
  return { cardId, columnId: card.columnId, columns };
}

export function restoreCardMove(board: KanbanBoard, snapshot: CardMoveSnapshot): void {
  const card = board.cards[snapshot.cardId];
  if (!card || !board.columns[snapshot.columnId]) return;
  detachCard(board, snapshot.cardId);
  for (const [columnId, cardIds] of Object.entries(snapshot.columns)) {
    const column = board.columns[columnId];
    if (!column) continue;
    // Cards that arrived meanwhile stay; cards that went meanwhile do not come back.
    const kept = cardIds.filter((id) => id in board.cards);
    const arrived = column.cardIds.filter((id) => !kept.includes(id) && id !== snapshot.cardId);
    column.cardIds = [...kept, ...arrived];
  }
  card.columnId = snapshot.columnId;
}
