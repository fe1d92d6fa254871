import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useAuth } from '../features/auth/index.ts';
import { api } from '../lib/api.ts';
import { store } from '../lib/store.ts';

/**
 * The Redux store for every signed-in screen (the dashboard layout wraps its pages in this): one
 * store for the whole tab, so an area keeps its data when the user leaves its screen and comes
 * back. Another user signing in (in this tab) starts from an empty cache, never from the last
 * one's data. The sign-in and public pages never load Redux (docs/decisions/017-sign-in-bundle.md).
 */
/** Whose data the store holds. */
let storeSession: string | null = null;

export function StoreProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const session = user ? `${user.id}:${user.workspace?.id ?? ''}` : null;
  // Signing in as someone else goes through the sign-in page, which unmounts the dashboard: the
  // first render after it finds the store holding the last session's data, before any screen
  // reads it.
  if (session !== storeSession) {
    if (storeSession !== null) store.dispatch(api.util.resetApiState());
    storeSession = session;
  }
  return <Provider store={store}>{children}</Provider>;
}
