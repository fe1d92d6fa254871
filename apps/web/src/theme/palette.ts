import type { PaletteMode, PaletteOptions } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface PaletteColor {
    lighter: string;
    darker: string;
  }
  interface SimplePaletteColorOptions {
    lighter?: string;
    darker?: string;
  }
  interface TypeBackground {
    neutral: string;
  }
}

/** Shades of one colour; `main` is the brand value, `dark` the one that carries text on white. */
export interface ColorShades {
  lighter: string;
  light: string;
  main: string;
  dark: string;
  darker: string;
  contrastText: string;
}

export const grey = {
  50: '#FCFDFD',
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
} as const;

/** The brand's primary green. White text sits on `dark` (5.4:1), not on `main`. */
export const primary: ColorShades = {
  lighter: '#C8FAD6',
  light: '#5BE49B',
  main: '#00A76F',
  dark: '#007867',
  darker: '#004B50',
  contrastText: '#FFFFFF',
};

/** Secondary blue. */
export const secondary: ColorShades = {
  lighter: '#D6E4FF',
  light: '#84A9FF',
  main: '#0C68E9',
  dark: '#0A4FB4',
  darker: '#0A2E7A',
  contrastText: '#FFFFFF',
};

const info: ColorShades = {
  lighter: '#CAFDF5',
  light: '#61F3F3',
  main: '#00B8D9',
  dark: '#006C9C',
  darker: '#003768',
  contrastText: '#FFFFFF',
};

const success: ColorShades = {
  lighter: '#D3FCD2',
  light: '#77ED8B',
  main: '#22C55E',
  dark: '#118D57',
  darker: '#065E49',
  contrastText: '#FFFFFF',
};

const warning: ColorShades = {
  lighter: '#FFF5CC',
  light: '#FFD666',
  main: '#FFAB00',
  dark: '#B76E00',
  darker: '#7A4100',
  contrastText: grey[800],
};

/** `main` is dark enough for helper text on white (5:1). */
const error: ColorShades = {
  lighter: '#FFE9D5',
  light: '#FFAC82',
  main: '#D32F2F',
  dark: '#B71D18',
  darker: '#7A0916',
  contrastText: '#FFFFFF',
};

export type ThemeContrast = 'default' | 'bold';

export interface PaletteSettings {
  contrast?: ThemeContrast;
  /** Replaces the brand green as the primary colour (a colour preset). */
  primaryShades?: ColorShades;
}

/**
 * Light or dark, default or bold contrast. Bold contrast sets the page off from its cards and
 * darkens (light) or lightens (dark) the secondary text and the dividers.
 */
export function createPalette(mode: PaletteMode, settings: PaletteSettings = {}): PaletteOptions {
  const { contrast = 'default', primaryShades = primary } = settings;
  const bold = contrast === 'bold';
  const common = { primary: primaryShades, secondary, info, success, warning, error, grey };
  const action = {
    hover: 'rgba(145, 158, 171, 0.08)',
    selected: 'rgba(145, 158, 171, 0.16)',
    focus: 'rgba(145, 158, 171, 0.24)',
  };
  if (mode === 'dark') {
    return {
      ...common,
      // On dark cards (#1C252E) the light-mode red and blue are too faint as text (3.1:1). These
      // reach 4.9:1 and 6.7:1; filled buttons then carry dark text.
      error: { ...error, main: '#FF5630', contrastText: grey[900] },
      secondary: { ...secondary, main: secondary.light, contrastText: grey[900] },
      mode,
      text: { primary: '#FFFFFF', secondary: bold ? grey[300] : grey[500], disabled: grey[600] },
      background: {
        default: bold ? '#0B0F14' : grey[900],
        paper: grey[800],
        neutral: '#28323D',
      },
      divider: bold ? 'rgba(145, 158, 171, 0.36)' : 'rgba(145, 158, 171, 0.2)',
      action,
    };
  }
  return {
    ...common,
    mode,
    text: { primary: grey[800], secondary: bold ? grey[700] : grey[600], disabled: grey[500] },
    background: { default: bold ? grey[200] : '#FFFFFF', paper: '#FFFFFF', neutral: grey[200] },
    divider: bold ? 'rgba(145, 158, 171, 0.48)' : 'rgba(145, 158, 171, 0.24)',
    action,
  };
}
