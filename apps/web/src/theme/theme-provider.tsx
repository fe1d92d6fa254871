import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import type { Localization } from '@mui/material/locale';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { findLanguage } from '../locales/languages.ts';
import { createAppTheme, type ThemeSettings } from './create-theme.ts';
import { getEmotionCache, loadRtlCache } from './emotion-cache.ts';

export interface ThemeProviderProps extends Partial<ThemeSettings> {
  /** The interface language: MUI's own component texts follow it. */
  language?: string;
  /**
   * A piece of MUI on a page drawn without it (the sign-in page's language menu): no CssBaseline
   * (the page has theme/base.css), the document's direction left to the page, and nothing drawn
   * until the styles of the direction are there.
   */
  embedded?: boolean;
  children: ReactNode;
}

/**
 * The MUI theme of the display settings, with the Emotion cache of the direction. The document's
 * `dir` follows the direction the styles are written in: right-to-left waits for its cache.
 */
export function ThemeProvider({
  mode = 'light',
  direction = 'ltr',
  contrast = 'default',
  preset = 'default',
  language,
  embedded = false,
  children,
}: ThemeProviderProps) {
  const [rtlCache, setRtlCache] = useState<EmotionCache | null>(null);
  const wantsRtl = direction === 'rtl';

  useEffect(() => {
    if (!wantsRtl || rtlCache) return;
    let active = true;
    loadRtlCache().then(
      (cache) => {
        if (active) setRtlCache(cache);
      },
      (error: unknown) => console.error('Could not load the right-to-left styles', error),
    );
    return () => {
      active = false;
    };
  }, [wantsRtl, rtlCache]);

  const effectiveDirection = wantsRtl && rtlCache ? 'rtl' : 'ltr';

  // MUI's own texts in the language, once their chunk is there (English needs none).
  const loadSystemValue = findLanguage(language).systemValue;
  const [loaded, setLoaded] = useState<{ loader: unknown; value: Localization } | null>(null);
  useEffect(() => {
    if (!loadSystemValue) return;
    let active = true;
    loadSystemValue().then(
      (module) => {
        if (active) setLoaded({ loader: loadSystemValue, value: module.default });
      },
      (error: unknown) => console.error("Could not load MUI's texts for the language", error),
    );
    return () => {
      active = false;
    };
  }, [loadSystemValue]);
  const localization =
    loadSystemValue && loaded?.loader === loadSystemValue ? loaded.value : undefined;

  const theme = useMemo(
    () => createAppTheme({ mode, direction: effectiveDirection, contrast, preset }, localization),
    [mode, effectiveDirection, contrast, preset, localization],
  );

  useEffect(() => {
    if (embedded) return undefined;
    document.documentElement.dir = effectiveDirection;
    // Unmounted (the page is now drawn without MUI), the document takes the settings' direction
    // again, in case the right-to-left styles had not arrived yet.
    return () => {
      document.documentElement.dir = direction;
    };
  }, [embedded, effectiveDirection, direction]);

  if (embedded && effectiveDirection !== direction) return null;
  const cache = effectiveDirection === 'rtl' && rtlCache ? rtlCache : getEmotionCache();

  return (
    <CacheProvider value={cache}>
      <MuiThemeProvider theme={theme}>
        {!embedded && <CssBaseline />}
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  );
}
