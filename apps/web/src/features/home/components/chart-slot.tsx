import { Suspense, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';

/** The chart's legend, drawn below its plot (`height`): the slot keeps room for both. */
export const CHART_LEGEND_HEIGHT = 40;

/**
 * Where a lazy chart goes: a skeleton of its height (plot and legend) until the charting library has loaded (it
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
    <div
      role="group"
      aria-label={label}
      style={{ minHeight: height + CHART_LEGEND_HEIGHT, direction: 'ltr' }}
    >
      <Suspense fallback={<Skeleton variant="rounded" height={height + CHART_LEGEND_HEIGHT} />}>
        {children}
      </Suspense>
    </div>
  );
}
