/**
 * The Redux store of a signed-in session (one per session:
 * app/store-provider.tsx): the server data cache of RTK Query (`lib/api.ts`)
 * and the slices of the areas that have client rules of their own (the kanban's and calendar's
 * optimistic moves, later chat and checkout). A slice is injected by its feature when its screen
 * loads (`rootReducer.inject(slice)` or `slice.injectInto(rootReducer)`), so the store built for
 * the dashboard carries no area's code. The sign-in and public pages never load it
 * (docs/decisions/017-sign-in-bundle.md).
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api.ts';

export const rootReducer = combineSlices(api);

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
