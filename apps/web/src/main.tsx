import './locales/start.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { router } from './app/router.tsx';
import { getStoredToken } from './features/auth/utils/token.ts';
import { i18n } from './locales/i18n.ts';
import { DEFAULT_LANGUAGE } from './locales/languages.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A page drawn at build time (the sign-in and landing pages: src/prerender) is hydrated, so its
 * HTML, painted before any script ran, stays. It was drawn in English, with the default display
 * settings, for a guest: when the visitor's differ (the inline check in its `<head>` marks the
 * document `data-fresh` and hides it), it is drawn again from scratch, as every other page is.
 * Hydration waits until the router has the page's code and data and the words are loaded, so the
 * first render matches the HTML.
 */
async function start(root: HTMLElement) {
  const prerendered =
    root.hasAttribute('data-prerendered') &&
    !document.documentElement.hasAttribute('data-fresh') &&
    !getStoredToken();
  if (prerendered) {
    await Promise.all([
      i18n.loadNamespaces('common'),
      new Promise<void>((resolve) => {
        if (router.state.initialized) return resolve();
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      }),
    ]);
    const samePage = router.state.location.pathname === root.dataset.prerendered;
    if (samePage && i18n.resolvedLanguage === DEFAULT_LANGUAGE && !router.state.errors) {
      // The inline styles the CSP kept out of the HTML (scripts/prerender.mjs), set as styles.
      root.querySelectorAll<HTMLElement>('[data-ssr-style]').forEach((element) => {
        element.style.cssText = element.dataset.ssrStyle ?? '';
        element.removeAttribute('data-ssr-style');
      });
      // In a transition, React hydrates in slices rather than in one long task (the page is
      // already painted; input waits for it, see App).
      startTransition(() => {
        hydrateRoot(root, <App hydrating />);
      });
      return;
    }
  }
  root.replaceChildren();
  root.removeAttribute('data-prerendered');
  root.removeAttribute('inert');
  const app = createRoot(root);
  // A transition: React renders the first tree in slices rather than in one long task.
  startTransition(() => app.render(<App />));
}

void start(container);
