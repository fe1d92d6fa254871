import { alpha, contrastRatio, darken, lighten } from './color.ts';
import { BORDER_RADIUS } from './constants.ts';
import { createPalette, grey, type ColorShades, type ThemeContrast } from './palette.ts';
import { COLOR_PRESETS, type PresetName } from './presets.ts';
import { createCustomShadows } from './shadows.ts';
import { FONT_FAMILY } from './typography.ts';

/*
 * The theme as CSS custom properties, for the pages drawn without MUI (the sign-in page,
 * docs/decisions/018-sign-in-without-mui.md). They come from the same tables as the MUI theme
 * (palette.ts, presets.ts, shadows.ts, typography.ts) and make the same choices (which shade
 * carries text, which fills a button); css-tokens.test.ts compares every value with the theme
 * createAppTheme builds, for each mode, contrast and preset.
 */

export interface CssTokenSettings {
  mode: 'light' | 'dark';
  contrast: ThemeContrast;
  preset: PresetName;
}

/** What createPalette returns, read as plain values (it is typed as MUI's loose options). */
interface PlainPalette {
  primary: ColorShades;
  secondary: ColorShades;
  info: ColorShades;
  success: ColorShades;
  warning: ColorShades;
  error: ColorShades;
  text: { primary: string; secondary: string; disabled: string };
  background: { default: string; paper: string; neutral: string };
  divider: string;
}

/**
 * MUI's own action colours, which the theme keeps (createPalette sets only hover, selected and
 * focus): icon buttons, the hover of inherit-coloured buttons, disabled buttons.
 */
const ACTION = {
  light: {
    active: 'rgba(0, 0, 0, 0.54)',
    hoverOpacity: 0.04,
    disabled: 'rgba(0, 0, 0, 0.26)',
    disabledBackground: 'rgba(0, 0, 0, 0.12)',
  },
  dark: {
    active: '#fff',
    hoverOpacity: 0.08,
    disabled: 'rgba(255, 255, 255, 0.3)',
    disabledBackground: 'rgba(255, 255, 255, 0.12)',
  },
} as const;

/** The shade of a colour that text uses (components.ts `paletteText`, without a MUI theme). */
export function textShade(mode: 'light' | 'dark', paper: string, shades: ColorShades): string {
  if (mode === 'dark') return shades.light;
  return contrastRatio(shades.dark, paper) >= 4.5 ? shades.dark : shades.darker;
}

export type CssTokens = Record<`--bk-${string}`, string>;

/** The custom properties of one combination of the display settings. */
export function cssTokens({ mode, contrast, preset }: CssTokenSettings): CssTokens {
  const primaryShades = COLOR_PRESETS[preset];
  const palette = createPalette(mode, { contrast, primaryShades }) as unknown as PlainPalette;
  const bold = contrast === 'bold';
  const action = ACTION[mode];
  const paper = palette.background.paper;
  const shadows = createCustomShadows(mode, primaryShades.main, bold);
  // Standard alerts: text and background from the colour's light shade, the icon in its main.
  const alert = (name: 'info' | 'success' | 'warning' | 'error') => {
    const light = palette[name].light;
    return {
      [`--bk-alert-${name}-text`]: mode === 'light' ? darken(light, 0.6) : lighten(light, 0.6),
      [`--bk-alert-${name}-bg`]: mode === 'light' ? lighten(light, 0.9) : darken(light, 0.9),
      [`--bk-alert-${name}-icon`]: palette[name].main,
    };
  };
  return {
    '--bk-font-family': FONT_FAMILY,
    '--bk-radius': `${BORDER_RADIUS}px`,
    '--bk-bg-default': palette.background.default,
    '--bk-bg-paper': paper,
    '--bk-bg-neutral': palette.background.neutral,
    '--bk-text-primary': palette.text.primary,
    '--bk-text-secondary': palette.text.secondary,
    '--bk-text-disabled': palette.text.disabled,
    '--bk-divider': palette.divider,
    '--bk-grey-800': grey[800],
    '--bk-primary-lighter': palette.primary.lighter,
    '--bk-primary-main': palette.primary.main,
    '--bk-primary-dark': palette.primary.dark,
    '--bk-primary-darker': palette.primary.darker,
    '--bk-primary-text': textShade(mode, paper, palette.primary),
    '--bk-primary-fill': palette.primary.dark,
    '--bk-primary-fill-hover': palette.primary.darker,
    '--bk-primary-fill-text': '#fff',
    '--bk-secondary-main': palette.secondary.main,
    '--bk-error-main': palette.error.main,
    '--bk-error-text': textShade(mode, paper, palette.error),
    '--bk-input-border': alpha(grey[500], bold ? 0.56 : 0.4),
    '--bk-card-shadow': shadows.card,
    '--bk-card-border': bold && mode === 'light' ? `1px solid ${alpha(grey[500], 0.16)}` : 'none',
    '--bk-action-active': action.active,
    '--bk-action-active-hover': alpha(action.active, action.hoverOpacity),
    '--bk-inherit-hover': alpha(palette.text.primary, action.hoverOpacity),
    '--bk-action-disabled': action.disabled,
    '--bk-action-disabled-bg': action.disabledBackground,
    ...alert('info'),
    ...alert('success'),
    ...alert('warning'),
    ...alert('error'),
  };
}

let applied: CssTokens | null = null;

/**
 * Writes the tokens of the settings on `<html>` (through the CSSOM, which the CSP allows), with
 * `data-mode` for the few rules that differ by mode (`color-scheme`).
 */
export function applyCssTokens(settings: CssTokenSettings, root = document.documentElement): void {
  const tokens = cssTokens(settings);
  for (const [name, value] of Object.entries(tokens)) {
    if (applied?.[name as keyof CssTokens] !== value) root.style.setProperty(name, value);
  }
  applied = root === document.documentElement ? tokens : null;
  root.dataset.mode = settings.mode;
}
