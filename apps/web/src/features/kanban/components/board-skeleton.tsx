import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { COLUMN_WIDTH } from './kanban-sizes.ts';

/** The board's place while its code or its data loads: three columns of cards. */
export function BoardSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', gap: 2.5, overflow: 'hidden' }}>
      {[3, 2, 1].map((cards, column) => (
        <Box
          key={column}
          sx={{
            width: COLUMN_WIDTH,
            flexShrink: 0,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'background.neutral',
          }}
        >
          <Skeleton width="50%" height={32} sx={{ mb: 1 }} />
          {Array.from({ length: cards }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={88} sx={{ mb: 1.5 }} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
