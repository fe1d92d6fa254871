import Box, { type BoxProps } from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The Beacon mark: a location pin in the brand green. Decorative; the wordmark names it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill="#00A76F" />
      <path
        d="M32 12a14 14 0 0 0-14 14c0 9.5 9.2 15.4 12.4 25.1a1.7 1.7 0 0 0 3.2 0C36.8 41.4 46 35.5 46 26a14 14 0 0 0-14-14Z"
        fill="#fff"
      />
      <circle cx="32" cy="26" r="5.5" fill="#007867" />
    </Box>
  );
}

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
