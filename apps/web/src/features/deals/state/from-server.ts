import type { Deal, DealBoard } from '@beacon/contract';
import { emptyBoard, type Board } from './board-rules.ts';

/** The board call's answer as the board state: columns in the pipeline's order. */
export function boardFromServer(answer: DealBoard): Board<Deal> {
  const board = emptyBoard<Deal>();
  for (const column of answer.columns) {
    board.order.push(column.stage.id);
    board.columns[column.stage.id] = {
      stageId: column.stage.id,
      probability: column.stage.probability,
      dealIds: column.deals.map((deal) => deal.id),
      count: column.count,
      sums: column.sums.map((sum) => ({ ...sum })),
      nextCursor: column.nextCursor,
    };
    for (const deal of column.deals) board.deals[deal.id] = deal;
  }
  return board;
}
