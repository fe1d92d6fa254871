export { HomeCards } from './components/home-cards.tsx';
export { queuePath } from './utils/links.ts';
