import type { HomeCardDef } from './card.ts';

const modules = import.meta.glob<HomeCardDef>('./*.card.tsx', { eager: true, import: 'default' });

/** Every card of the home page, in their order. */
export const homeCards: HomeCardDef[] = Object.values(modules).sort(
  (a, b) => a.order - b.order || a.id.localeCompare(b.id),
);
