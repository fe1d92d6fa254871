// The display settings' public face, for the app to compose.
export { SettingsProvider, type SettingsProviderProps } from './state/settings-provider.tsx';
export { useSettings } from './hooks/use-settings.ts';
export {
  DEFAULT_SETTINGS,
  SETTINGS_COOKIE_DAYS,
  type Settings,
  type SettingKey,
  type ThemeLayout,
} from './settings-config.ts';
