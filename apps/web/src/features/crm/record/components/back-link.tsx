import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ArrowBackIcon } from '../../../../components/icons.tsx';

/** The way back to the table a page was opened from; the arrow points back in either direction. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Box>
      <Button
        component={RouterLink}
        to={to}
        color="inherit"
        size="small"
        startIcon={
          <ArrowBackIcon
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
          />
        }
      >
        {label}
      </Button>
    </Box>
  );
}
