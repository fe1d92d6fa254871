import { primary, type ColorShades } from './palette.ts';

/** The colour presets of the display settings; `default` is the brand green. */
export const PRESET_NAMES = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * Each preset replaces the primary colour. Like the brand green, `dark` carries white text and
 * links on light backgrounds (at least 4.5:1), `light` carries text on dark ones.
 */
export const COLOR_PRESETS: Record<PresetName, ColorShades> = {
  default: primary,
  cyan: {
    lighter: '#CFF6FB',
    light: '#67D8EA',
    main: '#0BA5C4',
    dark: '#06738C',
    darker: '#034654',
    contrastText: '#FFFFFF',
  },
  purple: {
    lighter: '#EDE3FE',
    light: '#B69CF8',
    main: '#7C4DEB',
    dark: '#5B2FC0',
    darker: '#361A7E',
    contrastText: '#FFFFFF',
  },
  blue: {
    lighter: '#DCE8FF',
    light: '#7FA8F8',
    main: '#2F6FEB',
    dark: '#1D4FB8',
    darker: '#0F2D75',
    contrastText: '#FFFFFF',
  },
  orange: {
    lighter: '#FFEBD2',
    light: '#FFB870',
    main: '#F28A1B',
    dark: '#A85A0C',
    darker: '#6B3604',
    contrastText: '#1C252E',
  },
  red: {
    lighter: '#FFE1DC',
    light: '#FF9C8F',
    main: '#E5483A',
    dark: '#B42A20',
    darker: '#74140E',
    contrastText: '#FFFFFF',
  },
};

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === 'string' && (PRESET_NAMES as readonly string[]).includes(value);
}
