import type { Theme } from '@mui/material/styles';

/**
 * The brand green for text and small marks: its dark shade on a light page (5.4:1 on white), its
 * light shade on a dark one, so that it stays readable in both modes.
 */
export function accentColor(theme: Theme): string {
  return theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark;
}

/** A soft tint of the brand behind an icon, with a readable green on it, in either mode. */
export function accentTile(theme: Theme) {
  return theme.palette.mode === 'dark'
    ? { bgcolor: 'rgba(91, 228, 155, 0.12)', color: theme.palette.primary.light }
    : { bgcolor: theme.palette.primary.lighter, color: theme.palette.primary.darker };
}
