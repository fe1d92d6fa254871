import { initI18n } from './i18n.ts';

// Imported first by main.tsx: the translations start loading before the router is created, since
// creating it at once loads the first page's code and namespaces (routes.tsx).
void initI18n();
