import {
  DEFAULT_SETTINGS,
  SETTINGS_COOKIE_DAYS,
  SETTING_KEYS,
  parseSetting,
  serializeSetting,
  type SettingKey,
  type Settings,
} from '../settings-config.ts';
import { getCookie, removeCookie, setCookie } from '../utils/cookies.ts';

/** The saved settings; a missing or unknown value gives the default. */
export function readSavedSettings(): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const raw = getCookie(key);
    if (raw === undefined) continue;
    const value = parseSetting(key, raw);
    if (value !== undefined) Object.assign(settings, { [key]: value });
  }
  return settings;
}

export function saveSetting<K extends SettingKey>(key: K, value: Settings[K]): void {
  setCookie(key, serializeSetting(key, value), { days: SETTINGS_COOKIE_DAYS, path: '/' });
}

export function deleteSavedSettings(): void {
  for (const key of SETTING_KEYS) removeCookie(key, '/');
}

/**
 * What set the saved direction: the language (Arabic, or another one) or the drawer. Kept beside
 * the cookie, in local storage, so that a page loading in English after an Arabic session is
 * left-to-right again while a direction the person chose stays.
 */
export type DirectionSource = 'language' | 'settings';
const DIRECTION_SOURCE_KEY = 'themeDirectionSource';

export function readDirectionSource(): DirectionSource | null {
  try {
    const value = window.localStorage.getItem(DIRECTION_SOURCE_KEY);
    return value === 'language' || value === 'settings' ? value : null;
  } catch {
    return null;
  }
}

export function saveDirectionSource(source: DirectionSource | null): void {
  try {
    if (source) window.localStorage.setItem(DIRECTION_SOURCE_KEY, source);
    else window.localStorage.removeItem(DIRECTION_SOURCE_KEY);
  } catch {
    // Storage is off: the language decides at the next load.
  }
}
