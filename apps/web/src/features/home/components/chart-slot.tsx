import { Suspense, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';

/**
 * Where a lazy chart goes: a skeleton of its height until the charting library has loaded (it
 * is off the page's critical path). The figures the chart draws are also written out next to it,
 * as text; the chart is a labelled group (it takes the keyboard focus the library gives it).
 */
export function ChartSlot({
  height,
  label,
  children,
}: {
  height: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={label} style={{ minHeight: height, direction: 'ltr' }}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </div>
  );
}
