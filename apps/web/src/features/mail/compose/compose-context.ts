import { createContext, useContext } from 'react';
import type { ComposeOptions } from './compose-utils.ts';

export interface ComposeContextValue {
  /** Opens a compose window (at most three at once: the oldest is docked when a fourth opens). */
  openCompose(options?: ComposeOptions): void;
}

export const ComposeContext = createContext<ComposeContextValue | null>(null);

/** Compose from any signed-in page: `const { openCompose } = useCompose()`. */
export function useCompose(): ComposeContextValue {
  const context = useContext(ComposeContext);
  if (!context) throw new Error('useCompose must be used inside <ComposeProvider>');
  return context;
}

/** Compose windows open at once; a fourth asks the member to close one. */
export const MAX_COMPOSE_WINDOWS = 3;

/** A window docked open, docked as a bar, or over the page. */
export type WindowState = 'open' | 'minimized' | 'maximized';

/** What becomes of the other windows when one opens: they dock as bars. */
export const minimizedOf = (state: WindowState): WindowState =>
  state === 'open' || state === 'maximized' ? 'minimized' : state;

/** Who writes: the signed-in member, given by the app to `ComposeProvider` (features never import auth). */
export interface ComposeUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  workspaceName: string | null;
}

export const ComposeUserContext = createContext<ComposeUser | null>(null);

/** The signed-in member, for the windows (their own mailbox first, template variables). */
export function useComposeUser(): ComposeUser | null {
  return useContext(ComposeUserContext);
}
