import { describe, expect, it } from 'vitest';
import {
  alpha as muiAlpha,
  darken as muiDarken,
  getContrastRatio,
  lighten as muiLighten,
  type Theme,
} from '@mui/material/styles';
import { alpha, contrastRatio, darken, lighten, parseColor } from './color.ts';
import { paletteText, primaryText } from './components.ts';
import { createAppTheme } from './create-theme.ts';
import { applyCssTokens, cssTokens, type CssTokenSettings } from './css-tokens.ts';
import { grey } from './palette.ts';
import { COLOR_PRESETS, PRESET_NAMES } from './presets.ts';

/** The same colour, whatever its notation (`#fff`, `#FFFFFF`, `rgb(…)`). */
const same = (color: string) => parseColor(color).join(',');

const COMBINATIONS: CssTokenSettings[] = (['light', 'dark'] as const).flatMap((mode) =>
  (['default', 'bold'] as const).flatMap((contrast) =>
    PRESET_NAMES.map((preset) => ({ mode, contrast, preset })),
  ),
);

type StyleMap = Record<string, unknown>;

/** The style the theme gives a contained primary button (components.ts `buttonVariants`). */
function containedPrimary(theme: Theme): StyleMap {
  const root = theme.components?.MuiButton?.styleOverrides?.root as StyleMap;
  const variants = root.variants as { props: StyleMap; style: StyleMap }[];
  const found = variants.find(
    ({ props }) => props.variant === 'contained' && props.color === 'primary',
  );
  if (!found) throw new Error('no contained primary button in the theme');
  return found.style;
}

describe('color.ts', () => {
  const colors = [
    ...Object.values(grey),
    ...PRESET_NAMES.flatMap((name) => Object.values(COLOR_PRESETS[name])),
    'rgba(0, 0, 0, 0.54)',
    '#fff',
  ];
  it("gives MUI's alpha, darken, lighten and contrast ratio", () => {
    for (const color of colors) {
      expect(alpha(color, 0.4), color).toBe(muiAlpha(color, 0.4));
      if (!color.startsWith('rgba')) {
        expect(same(darken(color, 0.6)), color).toBe(same(muiDarken(color, 0.6)));
        expect(same(lighten(color, 0.9)), color).toBe(same(muiLighten(color, 0.9)));
        expect(contrastRatio(color, '#FFFFFF'), color).toBeCloseTo(
          getContrastRatio(color, '#FFFFFF'),
          10,
        );
      }
    }
  });
});

describe('cssTokens', () => {
  it.each(COMBINATIONS)('match the MUI theme: %o', (settings) => {
    const theme = createAppTheme(settings);
    const { palette } = theme;
    const tokens = cssTokens(settings);
    const expected: Record<string, string> = {
      '--bk-font-family': String(theme.typography.fontFamily),
      '--bk-radius': `${String(theme.shape.borderRadius)}px`,
      '--bk-bg-default': palette.background.default,
      '--bk-bg-paper': palette.background.paper,
      '--bk-bg-neutral': palette.background.neutral,
      '--bk-text-primary': palette.text.primary,
      '--bk-text-secondary': palette.text.secondary,
      '--bk-text-disabled': palette.text.disabled,
      '--bk-divider': palette.divider,
      '--bk-grey-800': palette.grey[800],
      '--bk-primary-lighter': palette.primary.lighter,
      '--bk-primary-main': palette.primary.main,
      '--bk-primary-dark': palette.primary.dark,
      '--bk-primary-darker': palette.primary.darker,
      '--bk-primary-text': primaryText(theme),
      '--bk-secondary-main': palette.secondary.main,
      '--bk-error-main': palette.error.main,
      '--bk-error-text': paletteText(theme, 'error'),
      '--bk-card-shadow': theme.customShadows.card,
      '--bk-action-active': palette.action.active,
      '--bk-action-active-hover': muiAlpha(palette.action.active, palette.action.hoverOpacity),
      '--bk-inherit-hover': muiAlpha(palette.text.primary, palette.action.hoverOpacity),
      '--bk-action-disabled': palette.action.disabled,
      '--bk-action-disabled-bg': palette.action.disabledBackground,
    };
    for (const name of ['info', 'success', 'warning', 'error'] as const) {
      // MUI's standard Alert: text and background from the light shade, the icon in main.
      const light = palette[name].light;
      const dark = palette.mode === 'dark';
      expected[`--bk-alert-${name}-text`] = dark ? muiLighten(light, 0.6) : muiDarken(light, 0.6);
      expected[`--bk-alert-${name}-bg`] = dark ? muiDarken(light, 0.9) : muiLighten(light, 0.9);
      expected[`--bk-alert-${name}-icon`] = palette[name].main;
    }
    const button = containedPrimary(theme);
    expected['--bk-primary-fill'] = String(button.backgroundColor);
    expected['--bk-primary-fill-text'] = String(button.color);
    expected['--bk-primary-fill-hover'] = String((button['&:hover'] as StyleMap).backgroundColor);
    const outline = theme.components?.MuiOutlinedInput?.styleOverrides?.notchedOutline as StyleMap;
    expected['--bk-input-border'] = String(outline.borderColor);
    const card = theme.components?.MuiCard?.styleOverrides?.root as StyleMap;
    expected['--bk-card-border'] = card.border ? String(card.border) : 'none';

    const colorish = (value: string) => /^(#|rgba?\()/.test(value);
    for (const [name, value] of Object.entries(expected)) {
      const token = tokens[name as keyof typeof tokens] ?? `(no ${name})`;
      if (colorish(value)) expect(same(token), name).toBe(same(value));
      else expect(token, name).toBe(value);
    }
    // Every token is checked here.
    expect(Object.keys(tokens).sort()).toEqual(Object.keys(expected).sort());
  });

  it('are written on <html> with the mode', () => {
    const root = document.createElement('html');
    applyCssTokens({ mode: 'dark', contrast: 'bold', preset: 'purple' }, root);
    expect(root.dataset.mode).toBe('dark');
    expect(root.style.getPropertyValue('--bk-primary-main')).toBe(COLOR_PRESETS.purple.main);
    expect(root.style.getPropertyValue('--bk-bg-default')).toBe('#0B0F14');
  });
});
