import './locales/start.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { router } from './app/router.tsx';
import { authApi } from './features/auth/api/auth-api.ts';
import { getStoredToken } from './features/auth/utils/token.ts';
import { i18n } from './locales/i18n.ts';
import { DEFAULT_LANGUAGE } from './locales/languages.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** Resolves once the router has the page's code and data (its lazy routes and loaders). */
function routerReady(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * A page drawn at build time is kept until the app can take its place:
 *
 * - The sign-in and landing pages (src/prerender) are hydrated, so their HTML, painted before any
 *   script ran, stays. They were drawn in English, with the default display settings, for a guest.
 * - A signed-in page's frame (the dashboard home, people, calendar, board: `data-frame`) was drawn
 *   for a phone-width screen with the member's names filled in from local storage by its inline
 *   script (docs/decisions/056-signed-in-frame-at-build-time.md). It is replaced, not hydrated:
 *   the first render, once the member, the page's code and its words are loaded, is the same page
 *   drawn by the app, and React swaps it in in one commit.
 *
 * When the visitor's settings differ from what was drawn (the inline check in its `<head>` marks
 * the document `data-fresh` and hides it), the page is drawn again from scratch, as every other
 * page is.
 */
async function start(root: HTMLElement) {
  const fresh = document.documentElement.hasAttribute('data-fresh');
  const drawn = root.hasAttribute('data-prerendered') && !fresh;
  const framed = drawn && root.hasAttribute('data-frame') && Boolean(getStoredToken());
  if (framed) {
    const [member] = await Promise.all([
      authApi.me().catch(() => null),
      i18n.loadNamespaces('common'),
      routerReady(),
    ]);
    const samePage = router.state.location.pathname === root.dataset.prerendered;
    if (member && samePage && i18n.resolvedLanguage === DEFAULT_LANGUAGE && !router.state.errors) {
      const app = createRoot(root);
      // A transition: React renders the page in slices and swaps it for the frame in one commit.
      startTransition(() => app.render(<App member={member} />));
      return;
    }
  } else if (drawn && !getStoredToken()) {
    await Promise.all([i18n.loadNamespaces('common'), routerReady()]);
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
  root.removeAttribute('data-frame');
  root.removeAttribute('inert');
  const app = createRoot(root);
  // A transition: React renders the first tree in slices rather than in one long task.
  startTransition(() => app.render(<App />));
}

void start(container);
