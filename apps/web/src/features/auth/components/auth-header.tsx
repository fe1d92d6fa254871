import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface AuthHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** A decorative icon above a centred heading. */
  icon?: ReactNode;
}

/** The page heading of an auth card: its one `<h1>` and a line under it. */
export function AuthHeader({ title, subtitle, icon }: AuthHeaderProps) {
  return (
    <Stack
      spacing={1}
      sx={{ mb: 3, textAlign: icon ? 'center' : 'start', alignItems: icon ? 'center' : 'stretch' }}
    >
      {icon && (
        <Box
          aria-hidden="true"
          sx={{
            width: 56,
            height: 56,
            mb: 1,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.lighter',
            color: 'primary.darker',
            '& svg': { fontSize: 28 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {subtitle}
        </Typography>
      )}
    </Stack>
  );
}
