import type { ComponentType } from 'react';

/**
 * A card of the home page. Each lives in its own `cards/<name>.card.tsx` whose default export is
 * one of these; the page finds them all (cards/registry.ts), so a later area adds its card
 * (sequences, e-mails, calls) by adding that one file.
 */
export interface HomeCardDef {
  id: string;
  /** Place on the page, smaller first. */
  order: number;
  /** Columns of the 12-column grid the card takes on a wide screen (it takes all on a phone). */
  span: 4 | 6 | 8 | 12;
  Component: ComponentType;
}
