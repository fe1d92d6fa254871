import Chip from '@mui/material/Chip';
import { alpha, useTheme } from '@mui/material/styles';
import type { Role } from '@beacon/contract';

const TONES = { admin: 'secondary', contributor: 'info', viewer: 'warning' } as const;

/** A role as a small coloured label; the colour repeats the word, never replaces it. */
export function RoleChip({ role, label }: { role: Role; label: string }) {
  const theme = useTheme();
  const color = theme.palette[TONES[role]];
  return (
    <Chip
      label={label}
      size="small"
      sx={{
        fontWeight: 600,
        // The darkest shade on a light page, the lightest on a dark one: 7:1 and more.
        color: theme.palette.mode === 'dark' ? color.light : color.darker,
        bgcolor: alpha(color.main, 0.16),
      }}
    />
  );
}
