/** A column's width on the board and in its skeleton (kanban-column.tsx, kanban-page.tsx). */
export const COLUMN_WIDTH = 296;
