import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';

/** The calendar's place while FullCalendar loads: its toolbar and its grid. */
export function CalendarSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label}>
      <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={560} />
    </Box>
  );
}

/** The calendar's card while its code loads: the filters' row, then the calendar's skeleton. */
export function CalendarCardSkeleton({ label }: { label: string }) {
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }}>
      <Skeleton variant="rounded" height={40} sx={{ mb: 2.5, width: { xs: '100%', sm: 280 } }} />
      <CalendarSkeleton label={label} />
    </Card>
  );
}
