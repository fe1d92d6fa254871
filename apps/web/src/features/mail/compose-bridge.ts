import { createContext, useContext } from 'react';

/**
 * What the mail app asks of the compose dialog (built beside it in `features/mail/compose/`,
 * `useCompose().openCompose`). The mail screens only name what to write; the dialog writes and
 * sends it. The lead connects the two where the app's providers are put together: a
 * `ComposeBridgeContext.Provider` whose value calls `openCompose`. Without a provider the
 * Compose, Reply, Reply all and Forward buttons are hidden.
 */
export type ComposeRequest = {
  to?: string[];
  cc?: string[];
  subject?: string;
  /** Answer or forward a mail (the dialog reads it, its thread and its mailbox). */
  replyTo?: { mailId: string; mode: 'reply' | 'replyAll' | 'forward' };
  /** The mailbox to write from (the one the page shows), when the dialog lets the member choose. */
  mailboxId?: string;
  /** A saved draft to go on writing (the dialog reads it, and the mail it answers if any). */
  draftId?: string;
};

export type ComposeBridge = { openCompose: (request: ComposeRequest) => void };

export const ComposeBridgeContext = createContext<ComposeBridge | null>(null);

/** The compose dialog, when the app provides one (else null: hide what would open it). */
export function useComposeBridge(): ComposeBridge | null {
  return useContext(ComposeBridgeContext);
}
