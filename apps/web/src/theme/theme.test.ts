import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { findLanguage } from '../locales/languages.ts';
import {
  HEADER,
  ICON,
  NAV,
  PROGRESS_BAR_DELAY_MS,
  SCROLLBAR_MIN_THUMB_SIZE,
  STRETCH_MEDIA_QUERY,
} from './constants.ts';
import { paletteText } from './components.ts';
import { createAppTheme } from './create-theme.ts';
import { readCspNonce } from './emotion-cache.ts';
import { COLOR_PRESETS, PRESET_NAMES } from './presets.ts';

describe('createAppTheme', () => {
  it('has the spec values: green primary, blue secondary, radius 8, Public Sans', () => {
    const theme = createAppTheme();
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#00A76F');
    expect(theme.palette.secondary.main).toBe('#0C68E9');
    expect(theme.shape.borderRadius).toBe(8);
    expect(theme.typography.fontFamily).toMatch(/^"Public Sans"/);
    expect(theme.direction).toBe('ltr');
  });

  it('takes the mode and the direction', () => {
    const theme = createAppTheme({ mode: 'dark', direction: 'rtl' });
    expect(theme.palette.mode).toBe('dark');
    expect(theme.direction).toBe('rtl');
  });

  it('scales headings at 600, 900 and 1200 px', () => {
    const h1 = createAppTheme().typography.h1 as unknown as Record<string, unknown>;
    expect(Object.keys(h1)).toEqual(
      expect.arrayContaining([
        '@media (min-width:600px)',
        '@media (min-width:900px)',
        '@media (min-width:1200px)',
      ]),
    );
    expect(createAppTheme().breakpoints.values).toMatchObject({ sm: 600, md: 900, lg: 1200 });
  });
});

describe('readCspNonce', () => {
  it("reads the nonce of <meta property='csp-nonce'>", () => {
    const doc = document.implementation.createHTMLDocument('test');
    const meta = doc.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'abc123');
    doc.head.append(meta);
    expect(readCspNonce(doc)).toBe('abc123');
  });

  it('is undefined without the meta tag', () => {
    expect(readCspNonce(document.implementation.createHTMLDocument('test'))).toBeUndefined();
  });
});

/** WCAG contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b2 ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('display settings in the theme', () => {
  it('has the six presets of the spec, each with six shades', () => {
    expect(PRESET_NAMES).toEqual(['default', 'cyan', 'purple', 'blue', 'orange', 'red']);
    for (const name of PRESET_NAMES) {
      expect(Object.keys(COLOR_PRESETS[name]).sort()).toEqual(
        ['contrastText', 'dark', 'darker', 'light', 'lighter', 'main'].sort(),
      );
    }
    expect(COLOR_PRESETS.default.main).toBe('#00A76F');
  });

  it('keeps text in the primary colour readable (4.5:1) with every preset, light and dark', () => {
    for (const name of PRESET_NAMES) {
      const preset = COLOR_PRESETS[name];
      // Links and active menu items: `dark` on white, `light` on the dark page and paper.
      expect(contrast(preset.dark, '#FFFFFF'), `${name} dark on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(preset.light, '#1C252E'), `${name} light on dark`).toBeGreaterThanOrEqual(
        4.5,
      );
      // Contained buttons: white on `dark`.
      expect(contrast('#FFFFFF', preset.dark), `${name} button`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a preset replaces the primary colour', () => {
    const theme = createAppTheme({ preset: 'purple' });
    expect(theme.palette.primary.main).toBe(COLOR_PRESETS.purple.main);
    expect(theme.palette.secondary.main).toBe('#0C68E9');
  });

  it('bold contrast sets the page off and darkens secondary text', () => {
    const normal = createAppTheme({ contrast: 'default' });
    const bold = createAppTheme({ contrast: 'bold' });
    expect(normal.palette.background.default).toBe('#FFFFFF');
    expect(bold.palette.background.default).toBe('#F4F6F8');
    expect(contrast(bold.palette.text.secondary, bold.palette.background.default)).toBeGreaterThan(
      contrast(normal.palette.text.secondary, normal.palette.background.default),
    );
    const boldDark = createAppTheme({ mode: 'dark', contrast: 'bold' });
    expect(boldDark.palette.background.default).not.toBe(
      createAppTheme({ mode: 'dark' }).palette.background.default,
    );
  });

  it("takes MUI's own texts of the language", async () => {
    const french = await findLanguage('fr').systemValue?.();
    const theme = createAppTheme({}, french?.default);
    expect(theme.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe(
      'Lignes par page :',
    );
    // English is MUI's own language: no overrides, MUI's defaults.
    expect(findLanguage('en').systemValue).toBeNull();
    expect(
      createAppTheme().components?.MuiTablePagination?.defaultProps?.labelRowsPerPage,
    ).toBeUndefined();
  });
});

describe('the sizes of the header and the navigation', () => {
  it('has the header, navigation, item and icon sizes', () => {
    expect(HEADER).toEqual({
      H_MOBILE: 64,
      H_DESKTOP: 88,
      H_DASHBOARD_DESKTOP: 92,
      H_DASHBOARD_DESKTOP_OFFSET: 60,
    });
    expect(NAV).toEqual({
      W_BASE: 260,
      W_DASHBOARD: 280,
      W_DASHBOARD_MINI: 88,
      H_DASHBOARD_ITEM: 48,
      H_DASHBOARD_ITEM_SUB: 36,
      H_DASHBOARD_ITEM_HORIZONTAL: 32,
    });
    expect(ICON).toEqual({ NAV_ITEM: 24, NAV_ITEM_HORIZONTAL: 22, NAV_ITEM_MINI: 22 });
    expect(SCROLLBAR_MIN_THUMB_SIZE).toBe(25);
    expect(PROGRESS_BAR_DELAY_MS).toBe(300);
    expect(STRETCH_MEDIA_QUERY).toBe('(min-width:1601px)');
  });
});

describe('coloured text and buttons', () => {
  it('reach 4.5:1 in both modes, for every colour and preset', () => {
    for (const mode of ['light', 'dark'] as const) {
      for (const preset of PRESET_NAMES) {
        const theme = createAppTheme({ mode, preset });
        const paper = theme.palette.background.paper;
        for (const color of [
          'primary',
          'secondary',
          'info',
          'success',
          'warning',
          'error',
        ] as const) {
          const label = `${mode} ${preset} ${color}`;
          expect(getContrastRatio(paletteText(theme, color), paper), label).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    }
  });
});
