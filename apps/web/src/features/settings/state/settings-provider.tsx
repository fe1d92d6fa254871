import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, findLanguage } from '../../../locales/languages.ts';
import {
  DEFAULT_SETTINGS,
  differsFromDefaults,
  type SettingKey,
  type Settings,
} from '../settings-config.ts';
import { SettingsContext, type SettingsContextValue } from './settings-context.ts';
import {
  deleteSavedSettings,
  readDirectionSource,
  readSavedSettings,
  saveDirectionSource,
  saveSetting,
} from './settings-storage.ts';

export interface SettingsProviderProps {
  children: ReactNode;
}

/**
 * The display settings (mode, contrast, direction, layout, stretch, colour preset). The first
 * render uses the defaults; the saved cookies are read right after it, before the browser paints.
 * Each change is saved at once.
 *
 * The language drives the direction: Arabic sets right-to-left and any other language
 * left-to-right, whether it is chosen in the page or found at load (`?lng=`, the saved language).
 * One exception: a direction chosen in the drawer stays until the language changes, so a page
 * that loads in a left-to-right language keeps it (the Direction setting survives a reload).
 */
export function SettingsProvider({ children }: SettingsProviderProps) {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { i18n } = useTranslation('common', { useSuspense: false });

  useLayoutEffect(() => {
    setSettings(readSavedSettings());
  }, []);

  const save = useCallback(<K extends SettingKey>(key: K, value: Settings[K]) => {
    saveSetting(key, value);
    setSettings((current) => (current[key] === value ? current : { ...current, [key]: value }));
  }, []);

  const update = useCallback(
    <K extends SettingKey>(key: K, value: Settings[K]) => {
      // A direction chosen in the drawer is the person's own: languages at load leave it be.
      if (key === 'themeDirection') saveDirectionSource('settings');
      save(key, value);
    },
    [save],
  );

  const reset = useCallback(() => {
    deleteSavedSettings();
    saveDirectionSource(null);
    setSettings({ ...DEFAULT_SETTINGS });
  }, []);

  // The language the direction was last set for; null until the first language is known.
  const languageRef = useRef<string | null>(null);
  useEffect(() => {
    const byLanguage = (language: string) => {
      saveDirectionSource('language');
      save('themeDirection', directionOf(language));
    };
    const onLanguage = (lng: string | undefined) => {
      if (!lng) return;
      const language = findLanguage(lng).value;
      const previous = languageRef.current;
      if (previous === language) return;
      languageRef.current = language;
      if (previous !== null || directionOf(language) === 'rtl') {
        byLanguage(language);
        return;
      }
      // The page loads in a left-to-right language: a direction the drawer chose stays; one an
      // earlier language set (Arabic) goes.
      if (readDirectionSource() === 'language') byLanguage(language);
    };
    onLanguage(i18n.resolvedLanguage ?? i18n.language);
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [i18n, save]);

  // Where focus goes back when the drawer closes (WCAG 2.4.3): the element that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const restoreFocus = useRef(false);
  const openDrawer = useCallback((from?: HTMLElement | null) => {
    const active = document.activeElement;
    opener.current = from ?? (active instanceof HTMLElement ? active : null);
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => {
    restoreFocus.current = true;
    setDrawerOpen(false);
  }, []);
  // Runs after the children have drawn the closed state, so the floating button is back.
  useEffect(() => {
    if (drawerOpen || !restoreFocus.current) return;
    restoreFocus.current = false;
    const target =
      opener.current?.isConnected && !opener.current.hasAttribute('data-settings-button')
        ? opener.current
        : document.querySelector<HTMLElement>('[data-settings-button]');
    opener.current = null;
    target?.focus();
  }, [drawerOpen]);

  const value = useMemo<SettingsContextValue>(
    () => ({
      ...settings,
      update,
      reset,
      canReset: differsFromDefaults(settings),
      drawerOpen,
      openDrawer,
      closeDrawer,
    }),
    [settings, update, reset, drawerOpen, openDrawer, closeDrawer],
  );

  return <SettingsContext value={value}>{children}</SettingsContext>;
}
