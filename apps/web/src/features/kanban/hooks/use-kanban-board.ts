import { useCallback, useEffect } from 'react';
import { realtime } from '../../../lib/realtime.ts';
import { KANBAN_EVENT_TYPES, kanbanEventAction } from '../state/kanban-events.ts';
import { emptyBoard } from '../state/board-rules.ts';
import { fetchBoard, sessionStarted } from '../state/kanban-slice.ts';
import { useKanbanDispatch, useKanbanSelector } from './use-kanban-store.ts';

const noBoard = emptyBoard();

/**
 * The workspace's board, live: fetched when the screen opens, then kept in step by the realtime
 * channel, and fetched again whenever the channel (re)connects or a message asks for it.
 * `owner` names the signed-in user.
 */
export function useKanbanBoard(owner: string) {
  const dispatch = useKanbanDispatch();
  const state = useKanbanSelector((root) => root.kanban);
  const refetch = useCallback(() => void dispatch(fetchBoard()), [dispatch]);

  // Before anything is fetched: a board left by another user of this tab is not shown.
  useEffect(() => {
    dispatch(sessionStarted(owner));
  }, [dispatch, owner]);

  useEffect(() => {
    // Subscribe first: whatever changes after the request starts then arrives as an event.
    const leave = realtime.subscribe({
      types: KANBAN_EVENT_TYPES,
      onMessage: (message) => {
        const action = kanbanEventAction(message);
        if (action === 'refetch') refetch();
        else if (action) dispatch(action);
      },
      onReady: refetch,
    });
    refetch();
    return leave;
  }, [dispatch, refetch]);

  if (state.owner !== owner) {
    return { ...state, board: noBoard, loaded: false, error: null, refetch };
  }
  return { ...state, refetch };
}
