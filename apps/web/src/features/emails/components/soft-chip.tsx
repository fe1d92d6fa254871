import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

export type SoftColor =
  'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

/**
 * A small label in a tint of its colour with the dark (light mode) or light (dark mode) shade as
 * text: readable in both modes (the palette's main colours are too light for white text).
 */
export function SoftChip({ color, label }: { color: SoftColor; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      variant={color === 'default' ? 'outlined' : 'filled'}
      sx={(theme) => {
        if (color === 'default') return {};
        const dark = theme.palette.mode === 'dark';
        return {
          bgcolor: alpha(theme.palette[color].main, dark ? 0.2 : 0.14),
          color: dark ? theme.palette[color].light : theme.palette[color].darker,
          fontWeight: 600,
        };
      }}
    />
  );
}
