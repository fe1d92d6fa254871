import type { MailLabelColor } from '@beacon/contract';
import type { Theme } from '@mui/material/styles';

/** A custom label's colour as the theme draws it (its palette name). */
export function labelColor(theme: Theme, color: MailLabelColor): string {
  if (color === 'default') return theme.palette.text.secondary;
  return theme.palette[color].main;
}
