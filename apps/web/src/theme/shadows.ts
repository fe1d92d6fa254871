import type { PaletteMode } from '@mui/material/styles';
import { alpha } from './color.ts';
import { grey } from './palette.ts';

export interface CustomShadows {
  /** Cards resting on the page. */
  card: string;
  /** Menus, popovers and dropdowns. */
  dropdown: string;
  /** Dialogs and drawers. */
  dialog: string;
  /** A primary-coloured glow for the selected option of a group. */
  primary: string;
}

declare module '@mui/material/styles' {
  interface Theme {
    customShadows: CustomShadows;
  }
  interface ThemeOptions {
    customShadows?: CustomShadows;
  }
}

/** Soft, layered shadows; darker on a dark page so that they still read. */
export function createCustomShadows(
  mode: PaletteMode,
  primaryMain: string,
  bold = false,
): CustomShadows {
  const color = mode === 'dark' ? '#000000' : grey[500];
  const strength = bold ? 1.5 : 1;
  const a = (value: number) => alpha(color, Math.min(1, value * strength));
  return {
    card: `0 0 2px 0 ${a(0.2)}, 0 12px 24px -4px ${a(0.12)}`,
    dropdown: `0 0 2px 0 ${a(0.24)}, -20px 20px 40px -4px ${a(0.24)}`,
    dialog: `-40px 40px 80px -8px ${alpha(mode === 'dark' ? '#000000' : grey[800], 0.24)}`,
    primary: `0 8px 16px 0 ${alpha(primaryMain, 0.24)}`,
  };
}
