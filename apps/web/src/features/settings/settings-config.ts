import { isPresetName, type PresetName } from '../../theme/presets.ts';

export type ThemeMode = 'light' | 'dark';
export type ThemeDirection = 'ltr' | 'rtl';
export type ThemeLayout = 'vertical' | 'horizontal' | 'mini';
export type ThemeContrast = 'default' | 'bold';

/** The display settings, named as their cookies are. */
export interface Settings {
  themeMode: ThemeMode;
  themeDirection: ThemeDirection;
  themeLayout: ThemeLayout;
  themeContrast: ThemeContrast;
  themeStretch: boolean;
  themeColorPresets: PresetName;
}

export type SettingKey = keyof Settings;

/** The defaults: light, ltr, vertical, default contrast, no stretch, the brand green. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  themeMode: 'light',
  themeDirection: 'ltr',
  themeLayout: 'vertical',
  themeContrast: 'default',
  themeStretch: false,
  themeColorPresets: 'default',
});

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** Each setting is kept in its own cookie for 3 days, on path `/`. */
export const SETTINGS_COOKIE_DAYS = 3;

export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark'];
export const THEME_DIRECTIONS: readonly ThemeDirection[] = ['ltr', 'rtl'];
export const THEME_LAYOUTS: readonly ThemeLayout[] = ['vertical', 'horizontal', 'mini'];
export const THEME_CONTRASTS: readonly ThemeContrast[] = ['default', 'bold'];

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string): T | undefined =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

const parsers: { [K in SettingKey]: (raw: string) => Settings[K] | undefined } = {
  themeMode: oneOf(THEME_MODES),
  themeDirection: oneOf(THEME_DIRECTIONS),
  themeLayout: oneOf(THEME_LAYOUTS),
  themeContrast: oneOf(THEME_CONTRASTS),
  themeStretch: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  themeColorPresets: (raw) => (isPresetName(raw) ? raw : undefined),
};

/** A saved value, or undefined when it is not one the setting can take. */
export function parseSetting<K extends SettingKey>(key: K, raw: string): Settings[K] | undefined {
  return parsers[key](raw);
}

export function serializeSetting<K extends SettingKey>(_key: K, value: Settings[K]): string {
  return String(value);
}

/** Whether any setting differs from its default (the reset button's dot). */
export function differsFromDefaults(settings: Settings): boolean {
  return SETTING_KEYS.some((key) => settings[key] !== DEFAULT_SETTINGS[key]);
}
