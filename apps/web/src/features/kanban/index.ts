// The kanban feature's public face, for the app to compose. Only the state is here (the store
// is built at start); the screen is loaded with its route from components/kanban-page.tsx.
export { kanbanReducer, type KanbanState } from './state/kanban-slice.ts';
