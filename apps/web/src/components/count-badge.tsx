import Box from '@mui/material/Box';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * A count in a small red pill (unread messages): the number shown (99+ beyond 99), and `label`
 * said to screen readers in its place.
 */
export function CountBadge({
  count,
  label,
  testId,
}: {
  count: number;
  label: string;
  testId?: string;
}) {
  return (
    <Box
      component="span"
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'error.dark',
        color: 'common.white',
        typography: 'caption',
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <span aria-hidden="true" data-testid={testId}>
        {count > 99 ? '99+' : count}
      </span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}
