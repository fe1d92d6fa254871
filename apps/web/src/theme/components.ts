import { alpha, getContrastRatio, type Components, type Theme } from '@mui/material/styles';
import { BORDER_RADIUS } from './constants.ts';
import type { ThemeContrast } from './palette.ts';

type PaletteColorName = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
const COLOR_NAMES: PaletteColorName[] = [
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'error',
];

/**
 * The shade of a palette colour that text and outlines use: `light` on a dark page; on a light
 * one `dark`, or `darker` when `dark` is not 4.5:1 on the paper. So coloured text keeps its
 * contrast in both modes and with every preset.
 */
export function paletteText(theme: Theme, color: PaletteColorName): string {
  const shades = theme.palette[color];
  if (theme.palette.mode === 'dark') return shades.light;
  return getContrastRatio(shades.dark, theme.palette.background.paper) >= 4.5
    ? shades.dark
    : shades.darker;
}

/** `paletteText` of the primary colour: links, active menu items, selected options. */
export function primaryText(theme: Theme): string {
  return paletteText(theme, 'primary');
}

/**
 * A filled button of a colour: its background, text and hover background, at 4.5:1. The brand
 * green (and every preset) carries white text on its `dark` shade.
 */
function filled(theme: Theme, color: PaletteColorName) {
  const shades = theme.palette[color];
  if (color === 'primary') {
    return { background: shades.dark, text: theme.palette.common.white, hover: shades.darker };
  }
  const fits = (shade: string) => getContrastRatio(shade, shades.contrastText) >= 4.5;
  const background = fits(shades.main)
    ? shades.main
    : fits(shades.dark)
      ? shades.dark
      : shades.darker;
  // Light text darkens on hover; dark text (warning, the dark mode's red and blue) lightens.
  const lightText = getContrastRatio(shades.contrastText, '#000000') > 10;
  const lighter = background === shades.light ? shades.lighter : shades.light;
  return { background, text: shades.contrastText, hover: lightText ? shades.darker : lighter };
}

/** Text, outlined and contained buttons in every palette colour, readable in both modes. */
function buttonVariants(theme: Theme) {
  return COLOR_NAMES.flatMap((color) => {
    const text = paletteText(theme, color);
    const fill = filled(theme, color);
    return [
      {
        props: { variant: 'contained' as const, color },
        style: {
          backgroundColor: fill.background,
          color: fill.text,
          '&:hover': { backgroundColor: fill.hover },
        },
      },
      { props: { variant: 'text' as const, color }, style: { color: text } },
      {
        props: { variant: 'outlined' as const, color },
        style: { color: text, borderColor: alpha(text, 0.48) },
      },
    ];
  });
}

/** A visible keyboard focus ring (WCAG 2.4.7) shared by buttons, links and icon buttons. */
const focusRing = (theme: Theme) => ({
  outline: `2px solid ${primaryText(theme)}`,
  outlineOffset: 2,
});

export function createComponents(
  theme: Theme,
  contrast: ThemeContrast = 'default',
): Components<Theme> {
  const { palette, customShadows } = theme;
  const isDark = palette.mode === 'dark';
  const bold = contrast === 'bold';
  return {
    MuiCssBaseline: {
      defaultProps: { enableColorScheme: true },
      styleOverrides: {
        '*': { boxSizing: 'border-box' },
        html: { WebkitTextSizeAdjust: '100%', scrollBehavior: 'smooth' },
        body: { minHeight: '100vh' },
        '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
        'img, svg': { maxWidth: '100%', verticalAlign: 'middle' },
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          '*, *::before, *::after': { animationDuration: '0.01ms', transitionDuration: '0.01ms' },
        },
      },
    },
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing(theme) } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: BORDER_RADIUS,
          // The brand green and the status colours are too light for text on white, or dark
          // text on a dark page: each variant takes the shade that reads (paletteText, filled).
          variants: buttonVariants(theme),
        },
        sizeLarge: { minHeight: 48, fontSize: '0.9375rem' },
      },
    },
    MuiIconButton: {
      styleOverrides: { root: { '&:focus-visible': focusRing(theme) } },
    },
    MuiFab: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': focusRing(theme) },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover', color: primaryText(theme) },
      styleOverrides: {
        root: { fontWeight: 600, '&:focus-visible': { ...focusRing(theme), borderRadius: 2 } },
      },
    },
    MuiCard: {
      styleOverrides: {
        root: {
          position: 'relative',
          borderRadius: BORDER_RADIUS * 2,
          boxShadow: customShadows.card,
          ...(bold && !isDark && { border: `1px solid ${alpha(palette.grey[500], 0.16)}` }),
        },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiPopover: {
      styleOverrides: {
        paper: {
          boxShadow: customShadows.dropdown,
          borderRadius: BORDER_RADIUS * 1.25,
          ...(isDark && { border: `1px solid ${palette.divider}` }),
        },
      },
    },
    MuiMenu: {
      styleOverrides: { list: { padding: 4 } },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: {
          ...theme.typography.body2,
          borderRadius: BORDER_RADIUS * 0.75,
          padding: '6px 8px',
          '&:not(:last-of-type)': { marginBottom: 4 },
          '&.Mui-selected': {
            fontWeight: 600,
            backgroundColor: palette.action.selected,
            '&:hover': { backgroundColor: palette.action.hover },
          },
        },
      },
    },
    MuiDrawer: {
      styleOverrides: {
        paper: { backgroundImage: 'none' },
      },
    },
    MuiDialog: {
      styleOverrides: {
        paper: {
          borderRadius: BORDER_RADIUS * 2,
          boxShadow: customShadows.dialog,
          ...(isDark && { border: `1px solid ${palette.divider}` }),
        },
      },
    },
    MuiBackdrop: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { invisible: false },
              style: { backgroundColor: alpha(palette.grey[900], isDark ? 0.64 : 0.48) },
            },
          ],
        },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: BORDER_RADIUS,
          '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
            borderColor: palette.text.primary,
          },
        },
        notchedOutline: { borderColor: alpha(palette.grey[500], bold ? 0.56 : 0.4) },
      },
    },
    MuiInputLabel: {
      styleOverrides: {
        root: { '&.Mui-focused:not(.Mui-error)': { color: palette.text.primary } },
      },
    },
    MuiFormLabel: {
      styleOverrides: { root: { '&.Mui-error': { color: paletteText(theme, 'error') } } },
    },
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-error': { color: paletteText(theme, 'error') } } },
    },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: BORDER_RADIUS, alignItems: 'center' } },
    },
    MuiTooltip: {
      styleOverrides: {
        tooltip: {
          backgroundColor: isDark ? palette.grey[700] : palette.grey[800],
          fontSize: '0.75rem',
          fontWeight: 500,
        },
        arrow: { color: isDark ? palette.grey[700] : palette.grey[800] },
      },
    },
    MuiAvatar: {
      styleOverrides: {
        root: { fontWeight: 600 },
      },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 600, borderRadius: BORDER_RADIUS } },
    },
    MuiListSubheader: {
      styleOverrides: { root: { backgroundColor: 'transparent' } },
    },
    MuiTableCell: {
      styleOverrides: {
        root: { borderBottomStyle: 'dashed', borderBottomColor: palette.divider },
        head: {
          fontSize: '0.8125rem',
          fontWeight: 600,
          color: palette.text.secondary,
          backgroundColor: palette.background.neutral,
          borderBottomStyle: 'none',
        },
      },
    },
  };
}
