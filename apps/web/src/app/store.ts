import { configureStore } from '@reduxjs/toolkit';
import { calendarReducer } from '../features/calendar/index.ts';
import { kanbanReducer } from '../features/kanban/index.ts';

/**
 * The client state areas of the spec (section 3), each owned by its feature: the app only puts
 * them together. Calendar and kanban persist nothing (only the product area will, later).
 */
export function createAppStore() {
  return configureStore({
    reducer: {
      calendar: calendarReducer,
      kanban: kanbanReducer,
    },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const store: AppStore = createAppStore();
