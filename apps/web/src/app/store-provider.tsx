import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { store } from './store.ts';

/**
 * The Redux store, for the screens whose state lives in it (calendar, kanban): their route modules
 * wrap their page in this. It is one store for the whole tab, so an area keeps its state when the
 * user leaves its screen and comes back. Other pages never load Redux, the slices or the schemas
 * they check events with (docs/decisions/017-sign-in-bundle.md).
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
