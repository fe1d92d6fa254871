import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/** A keyboard key, as the queue's shortcuts show it. */
export function Kbd({ children }: { children: string }) {
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
        color: 'text.primary',
        bgcolor: 'background.paper',
        boxShadow: `0 1px 0 ${alpha(theme.palette.grey[500], 0.4)}, inset 0 0 0 1px ${alpha(theme.palette.grey[500], 0.24)}`,
      })}
    >
      {children}
    </Box>
  );
}
