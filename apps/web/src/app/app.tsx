import '../theme/base.css';
import { StrictMode, useCallback, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { AuthProvider, loginPath, type AuthUser } from '../features/auth/index.ts';
import { SettingsProvider, useSettings } from '../features/settings/index.ts';
import { i18n } from '../locales/i18n.ts';
import { applyCssTokens } from '../theme/css-tokens.ts';
import { paths } from '../utils/paths.ts';
import { router as browserRouter } from './router.tsx';

type AppRouter = typeof browserRouter;

/**
 * `hydrating`: the page was drawn at build time as a guest (src/prerender) and no token is
 * stored, so the session starts as a known guest, as it was drawn. `member`: the signed-in frame
 * was drawn at build time and the member is already loaded (main.tsx), so the session starts
 * with them and the first render replaces the frame with the page.
 */
export function App({ hydrating = false, member }: { hydrating?: boolean; member?: AuthUser }) {
  useEffect(() => {
    // The drawn page ignores input until it is hydrated or replaced (scripts/prerender.mjs makes
    // it inert): a click or a keystroke before then would be lost.
    const root = document.getElementById('root');
    if (hydrating || member) root?.removeAttribute('inert');
    // The frame drawn at build time is gone: the app has replaced it.
    if (member)
      ['data-prerendered', 'data-frame', 'data-filled'].forEach((n) => root?.removeAttribute(n));
  }, [hydrating, member]);
  return (
    <StrictMode>
      <AppRoot router={browserRouter} hydrating={hydrating} member={member} />
    </StrictMode>
  );
}

/**
 * The providers around a router; tests pass a memory router. No MUI here: the MUI theme and the
 * snackbars wrap the routes drawn with MUI (`layouts/mui-scope.tsx`), so that the sign-in page
 * loads neither MUI nor Emotion. The Redux store is not here either: only the calendar and kanban
 * screens use it, so their routes provide it (`store-provider.tsx`).
 */
export function AppRoot({
  router,
  hydrating = false,
  member,
}: {
  router: AppRouter;
  hydrating?: boolean;
  member?: AuthUser;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <DocumentTheme>
          <SessionApp router={router} hydrating={hydrating} member={member} />
        </DocumentTheme>
      </SettingsProvider>
    </I18nextProvider>
  );
}

/**
 * The display settings on `<html>`: the theme's CSS custom properties (theme/css-tokens.ts) and
 * the direction, before the browser paints.
 */
function DocumentTheme({ children }: { children: ReactNode }) {
  const { themeMode, themeContrast, themeColorPresets, themeDirection } = useSettings();
  useLayoutEffect(() => {
    applyCssTokens({ mode: themeMode, contrast: themeContrast, preset: themeColorPresets });
  }, [themeMode, themeContrast, themeColorPresets]);
  useLayoutEffect(() => {
    document.documentElement.dir = themeDirection;
  }, [themeDirection]);
  return children;
}

function SessionApp({
  router,
  hydrating,
  member,
}: {
  router: AppRouter;
  hydrating: boolean;
  member?: AuthUser;
}) {
  // The token ran out and the session signed out: show the sign-in page ("Token expired").
  const onSessionExpired = useCallback(() => {
    const { pathname, search, hash } = router.state.location;
    const here = pathname.startsWith('/auth/') ? null : `${pathname}${search}${hash}`;
    void router.navigate(here ? loginPath(here) : paths.auth.login, { replace: true });
  }, [router]);

  return (
    <AuthProvider
      onSessionExpired={onSessionExpired}
      startAsGuest={hydrating}
      startAsMember={member}
    >
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
