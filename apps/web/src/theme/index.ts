export { ThemeProvider, type ThemeProviderProps } from './theme-provider.tsx';
export { createAppTheme, defaultThemeSettings } from './create-theme.ts';
export {
  BORDER_RADIUS,
  HEADER,
  ICON,
  NAV,
  PROGRESS_BAR_DELAY_MS,
  SCROLLBAR_MIN_THUMB_SIZE,
  STRETCH_MEDIA_QUERY,
  STRETCH_MIN_WIDTH,
} from './constants.ts';
export type { ThemeSettings, ThemeDirection } from './create-theme.ts';
export type { ThemeContrast, ColorShades } from './palette.ts';
export { COLOR_PRESETS, PRESET_NAMES, isPresetName, type PresetName } from './presets.ts';
export { paletteText, primaryText } from './components.ts';
export { readCspNonce } from './emotion-cache.ts';
