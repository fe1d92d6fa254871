import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from '../app/app.tsx';
import { routes } from '../app/routes.tsx';
import { initTestI18n } from './i18n.ts';

/** Renders the whole app (providers, guards, lazy routes) at `path` with a memory router. */
export async function renderApp(path: string) {
  await initTestI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<AppRoot router={router} />);
  return { ...view, router };
}
