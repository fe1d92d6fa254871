import type { Localization } from '@mui/material/locale';
import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { createComponents } from './components.ts';
import { BORDER_RADIUS } from './constants.ts';
import { createPalette, type ThemeContrast } from './palette.ts';
import { COLOR_PRESETS, type PresetName } from './presets.ts';
import { createCustomShadows } from './shadows.ts';
import { TYPOGRAPHY_BREAKPOINTS, typography } from './typography.ts';

export type ThemeDirection = 'ltr' | 'rtl';

/** What a theme is built from: the display settings that change how the app looks. */
export interface ThemeSettings {
  mode: PaletteMode;
  direction: ThemeDirection;
  contrast: ThemeContrast;
  preset: PresetName;
}

export const defaultThemeSettings: ThemeSettings = {
  mode: 'light',
  direction: 'ltr',
  contrast: 'default',
  preset: 'default',
};

/**
 * The app's MUI theme. `localization` is MUI's own component texts for the interface language
 * (`@mui/material/locale`), merged last so that they win over our defaults.
 */
export function createAppTheme(
  settings: Partial<ThemeSettings> = {},
  localization?: Localization,
): Theme {
  const { mode, direction, contrast, preset } = { ...defaultThemeSettings, ...settings };
  const primaryShades = COLOR_PRESETS[preset];
  const base = createTheme({
    direction,
    palette: createPalette(mode, { contrast, primaryShades }),
    shape: { borderRadius: BORDER_RADIUS },
    typography,
    breakpoints: {
      values: { xs: 0, ...TYPOGRAPHY_BREAKPOINTS, xl: 1536 },
    },
    customShadows: createCustomShadows(mode, primaryShades.main, contrast === 'bold'),
  });
  const withComponents = createTheme(base, { components: createComponents(base, contrast) });
  return localization ? createTheme(withComponents, localization) : withComponents;
}
