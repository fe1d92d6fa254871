import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTheme } from '@mui/material/styles';
import type { FileKind } from '@beacon/contract';
import { formatBytes } from '../../../utils/bytes.ts';
import { kindColor } from './file-kind-icon.tsx';

export interface UsageChartsProps {
  which: 'kind' | 'member';
  kinds: { kind: FileKind; label: string; bytes: number }[];
  members: { name: string; bytes: number }[];
  locale: string;
  rtl: boolean;
  height: number;
}

/** The storage dashboard's charts: usage by type (a donut) and by member (bars). Loaded lazily. */
export default function UsageCharts({
  which,
  kinds,
  members,
  locale,
  rtl,
  height,
}: UsageChartsProps) {
  const theme = useTheme();
  if (which === 'kind') {
    return (
      <PieChart
        height={height}
        series={[
          {
            innerRadius: 60,
            paddingAngle: 1,
            cornerRadius: 4,
            data: kinds.map((k, index) => ({
              id: index,
              value: k.bytes,
              label: k.label,
              color: kindColor(k.kind),
            })),
            valueFormatter: (item) => formatBytes(item.value, locale),
          },
        ]}
        slotProps={{
          legend: {
            direction: 'vertical',
            position: { vertical: 'middle', horizontal: rtl ? 'start' : 'end' },
          },
        }}
      />
    );
  }
  return (
    <BarChart
      layout="horizontal"
      height={height}
      margin={{ top: 8, bottom: 0, left: 0, right: 8 }}
      dataset={members.map((m) => ({ name: m.name, bytes: m.bytes }))}
      yAxis={[
        {
          scaleType: 'band',
          dataKey: 'name',
          position: rtl ? 'right' : 'left',
          width: 110,
          tickLabelStyle: { textAnchor: rtl ? 'start' : 'end', direction: 'ltr' },
        },
      ]}
      xAxis={[
        {
          reverse: rtl,
          // Sizes take room: every other tick, as the home page's chart does right to left.
          tickLabelInterval: (_value: number, index: number) => index % 2 === 0,
          valueFormatter: (value: number) => formatBytes(value, locale),
        },
      ]}
      series={[
        {
          dataKey: 'bytes',
          color: theme.palette.primary.main,
          valueFormatter: (value: number | null) => formatBytes(value ?? 0, locale),
        },
      ]}
      hideLegend
    />
  );
}
