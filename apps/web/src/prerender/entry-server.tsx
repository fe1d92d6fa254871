/**
 * The public pages drawn at build time (docs/decisions/034-pre-rendered-public-pages.md): the
 * sign-in page and the landing page, in English with the default display settings, as a guest.
 * `scripts/prerender.mjs` runs this module (built by Vite for Node) and writes the HTML into
 * copies of index.html; `main.tsx` hydrates it when the visitor's settings match.
 */
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/routes.tsx';
import { AuthProvider, type AuthInfo } from '../features/auth/index.ts';
import { SettingsProvider } from '../features/settings/index.ts';
import { i18n, i18nOptions, localeRules } from '../locales/i18n.ts';
import { DEFAULT_LANGUAGE } from '../locales/languages.ts';
import { cssTokens } from '../theme/css-tokens.ts';
import { resetEmotionCache } from '../theme/emotion-cache.ts';
import { FRAME_MEMBER } from './pages.ts';

export {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  FRAME_MARKERS,
  FRAME_MEMBER,
  PRERENDERED_PAGES,
} from './pages.ts';

/** English, every namespace given (no backend: nothing is fetched). */
export async function initServerI18n(resources: Record<string, Record<string, unknown>>) {
  if (i18n.isInitialized) return;
  const { initReactI18next } = await import('react-i18next');
  await i18n
    .use(localeRules)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      lng: DEFAULT_LANGUAGE,
      ns: Object.keys(resources),
      resources: { [DEFAULT_LANGUAGE]: resources },
      react: { useSuspense: false },
    });
}

/** Replaces the English words of one namespace (the frame's role marker: scripts/prerender.mjs). */
export async function setWords(namespace: string, words: Record<string, unknown>) {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, words, false, true);
}

/** The theme's custom properties for the default settings, as a `:root` rule. */
export function defaultTokensCss(): string {
  const tokens = cssTokens({ mode: 'light', contrast: 'default', preset: 'default' });
  return `:root{${Object.entries(tokens)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/**
 * The page at `path` as the app draws it for a guest, or with `frame` for `FRAME_MEMBER` (signed
 * in); `info` is what `GET /api/auth/info` answers (the sign-in page's loader), which the server
 * knows when it picks the file.
 */
export async function renderPage(
  path: string,
  info: AuthInfo = null,
  frame = false,
): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to pre-render`);
  // The sign-in loader's answer is the server's, not what this build could fetch.
  for (const match of context.matches) {
    if (match.route.loader) context.loaderData[match.route.id] = info;
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // A part that waits (a lazy component) is finished by an inline script React writes, which the
  // page's CSP would refuse: draw again once it has loaded, until nothing waits.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Emotion writes a style only the first time its cache sees it: each page gets all of its own.
    resetEmotionCache();
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <I18nextProvider i18n={i18n}>
        <SettingsProvider>
          <AuthProvider
            startAsGuest={!frame}
            startAsMember={
              frame ? { ...FRAME_MEMBER, workspace: { ...FRAME_MEMBER.workspace } } : undefined
            }
          >
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AuthProvider>
        </SettingsProvider>
      </I18nextProvider>,
      {
        // React sends a large part after the rest, finished by an inline script the CSP would
        // refuse: one document, in order.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError(error) {
          errors.push(error);
        },
      },
    );
    // A part that cannot be drawn here would be drawn in the browser instead: fail the build.
    if (errors.length > 0) throw new AggregateError(errors, `${path}: could not pre-render`);
    const html = await new Response(prelude).text();
    if (!/<script|<template/.test(html)) return html;
  }
  throw new Error(`${path}: parts of the page still wait after five renders`);
}
