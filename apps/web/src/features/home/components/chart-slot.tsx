import { Suspense, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';

/**
 * Where a lazy chart goes: a skeleton of its height until the charting library has loaded (it
 * is off the page's critical path). The figures the chart draws are also written out next to
 * it, so it is `aria-hidden` and stands for looking, not reading.
 */
export function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div aria-hidden="true" style={{ minHeight: height, direction: 'ltr' }}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </div>
  );
}
