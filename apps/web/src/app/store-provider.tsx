import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useAuth } from '../features/auth/index.ts';
import { api } from '../lib/api.ts';
import { createStore, type AppStore } from '../lib/store.ts';

/*
 * The Redux store of every signed-in screen (the dashboard layout wraps its pages in this): one
 * store per signed-in session, keyed by the user and their workspace. While the session lasts the
 * store stays, so an area keeps its data when the user leaves its screen and comes back (the
 * layout may unmount and mount again). Another user (or the same user in another workspace, or
 * no one) gets a store of their own, created empty: no render ever reads the last session's
 * cache, and nothing is emptied during a render. The last session's store is emptied after the
 * next commit (`resetApiState` ends its entries' realtime follows). The sign-in and public pages
 * never load Redux (docs/decisions/017-sign-in-bundle.md).
 */

/** The session whose store is current, and that store. */
let current: { session: string; store: AppStore } | null = null;
/** Stores of ended sessions, to empty once nothing renders them. */
const ended = new Set<AppStore>();

/** The store of `session`: the same one while it lasts, a new empty one for any other. */
export function sessionStore(session: string): AppStore {
  if (current?.session !== session) {
    if (current) ended.add(current.store);
    current = { session, store: createStore() };
  }
  return current.store;
}

/** Empties the stores of ended sessions (after a commit, never while rendering). */
function emptyEnded() {
  for (const store of ended) {
    if (store === current?.store) continue;
    store.dispatch(api.util.resetApiState());
    ended.delete(store);
  }
}

export function StoreProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const session = user ? `${user.id ?? user.email}:${user.workspace?.id ?? ''}` : '';
  const store = sessionStore(session);
  useEffect(emptyEnded, [store]);
  // Keyed by the session: another user's screens mount afresh on their own store.
  return (
    <Provider key={session} store={store}>
      {children}
    </Provider>
  );
}
