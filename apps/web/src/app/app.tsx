import { StrictMode, useCallback } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { SnackbarProvider } from '../components/snackbar/index.ts';
import { AuthProvider, loginPath } from '../features/auth/index.ts';
import { SettingsProvider, useSettings } from '../features/settings/index.ts';
import { i18n } from '../locales/i18n.ts';
import { ThemeProvider } from '../theme/index.ts';
import { paths } from '../utils/paths.ts';
import { router as browserRouter } from './router.tsx';

type AppRouter = typeof browserRouter;

export function App() {
  return (
    <StrictMode>
      <AppRoot router={browserRouter} />
    </StrictMode>
  );
}

/**
 * The providers around a router; tests pass a memory router. The Redux store is not here: only
 * the calendar and kanban screens use it, so their routes provide it (`store-provider.tsx`) and
 * its code stays out of every other page.
 */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <ThemedApp router={router} />
      </SettingsProvider>
    </I18nextProvider>
  );
}

function ThemedApp({ router }: { router: AppRouter }) {
  // No suspense here: the theme is known before any translation has loaded.
  const { i18n: instance } = useTranslation('common', { useSuspense: false });
  const settings = useSettings();

  // The token ran out and the session signed out: show the sign-in page ("Token expired").
  const onSessionExpired = useCallback(() => {
    const { pathname, search, hash } = router.state.location;
    const here = pathname.startsWith('/auth/') ? null : `${pathname}${search}${hash}`;
    void router.navigate(here ? loginPath(here) : paths.auth.login, { replace: true });
  }, [router]);

  return (
    <ThemeProvider
      mode={settings.themeMode}
      direction={settings.themeDirection}
      contrast={settings.themeContrast}
      preset={settings.themeColorPresets}
      language={instance.resolvedLanguage ?? instance.language}
    >
      <SnackbarProvider>
        <AuthProvider onSessionExpired={onSessionExpired}>
          <RouterProvider router={router} />
        </AuthProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
