import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SnackbarProvider } from '../../components/snackbar/index.ts';
import { useSettings } from '../../features/settings/index.ts';
import { ThemeProvider } from '../../theme/index.ts';

/**
 * The MUI theme of the display settings and the snackbars: every page drawn with MUI sits inside.
 * The sign-in page does not, so it loads neither MUI nor Emotion
 * (docs/decisions/018-sign-in-without-mui.md).
 */
export function MuiProviders({
  children,
  embedded = false,
}: {
  children: ReactNode;
  /** Inside a layout drawn without MUI (the auth card): see ThemeProvider's `embedded`. */
  embedded?: boolean;
}) {
  // No suspense here: the theme is known before any translation has loaded.
  const { i18n } = useTranslation('common', { useSuspense: false });
  const settings = useSettings();
  return (
    <ThemeProvider
      mode={settings.themeMode}
      direction={settings.themeDirection}
      contrast={settings.themeContrast}
      preset={settings.themeColorPresets}
      language={i18n.resolvedLanguage ?? i18n.language}
      embedded={embedded}
    >
      <SnackbarProvider>{children}</SnackbarProvider>
    </ThemeProvider>
  );
}

/** The layout route of the pages drawn with MUI. */
export function MuiScope() {
  return (
    <MuiProviders>
      <Outlet />
    </MuiProviders>
  );
}

/**
 * The same inside the auth layout's card (register, verify, reset and new password): the page
 * and its direction belong to the plain layout, so the theme leaves them alone.
 */
export function EmbeddedMuiScope() {
  return (
    <MuiProviders embedded>
      <Outlet />
    </MuiProviders>
  );
}

export { MuiScope as Component };
