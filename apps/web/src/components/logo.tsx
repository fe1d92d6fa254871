import Box, { type BoxProps } from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LogoMark } from './logo-mark.tsx';

export { LogoMark };

export interface LogoProps extends Omit<BoxProps, 'children'> {
  /** The accessible name of the link, e.g. "Beacon home". */
  homeLabel?: string;
  /** Where the logo links to; no link when omitted. */
  to?: string;
  /** Hide the wordmark below the sm breakpoint. */
  compact?: boolean;
}

export function Logo({ to, homeLabel, compact = false, sx, ...other }: LogoProps) {
  const content = (
    <>
      <LogoMark />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: '1.25rem',
          letterSpacing: '-0.01em',
          color: 'text.primary',
          display: compact ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        Beacon
      </Typography>
    </>
  );
  const layout = { display: 'inline-flex', alignItems: 'center', gap: 1.25 } as const;
  if (!to) {
    return (
      <Box sx={[layout, ...(Array.isArray(sx) ? sx : [sx])]} {...other}>
        {content}
      </Box>
    );
  }
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={homeLabel}
      sx={[
        layout,
        {
          textDecoration: 'none',
          borderRadius: 1,
          '&:focus-visible': (theme) => ({
            outline: `2px solid ${theme.palette.primary.dark}`,
            outlineOffset: 4,
          }),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...other}
    >
      {content}
    </Box>
  );
}
