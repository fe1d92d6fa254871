import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { KanbanRootState } from '../state/kanban-slice.ts';

/** The store as this feature sees it: any store with a `kanban` area (the app composes it). */
export type KanbanDispatch = ThunkDispatch<KanbanRootState, unknown, UnknownAction>;

export const useKanbanDispatch = useDispatch.withTypes<KanbanDispatch>();
export const useKanbanSelector = useSelector.withTypes<KanbanRootState>();
