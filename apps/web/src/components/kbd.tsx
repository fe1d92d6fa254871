import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

export interface KbdProps {
  children: string;
  /** The key's text colour: `text.secondary` where it hints (the search palette), else `text.primary`. */
  color?: 'text.primary' | 'text.secondary';
}

/** A keyboard key, as the search palette and the tasks queue show their shortcuts. */
export function Kbd({ children, color = 'text.primary' }: KbdProps) {
  return (
    <Box
      component="kbd"
      sx={(theme) => ({
        px: 0.75,
        py: 0.25,
        borderRadius: 0.75,
        fontFamily: 'inherit',
        fontSize: 12,
        fontWeight: 700,
        lineHeight: 1.5,
        color,
        bgcolor: 'background.paper',
        boxShadow: `0 1px 0 ${alpha(theme.palette.grey[500], 0.4)}, inset 0 0 0 1px ${alpha(theme.palette.grey[500], 0.24)}`,
      })}
    >
      {children}
    </Box>
  );
}
