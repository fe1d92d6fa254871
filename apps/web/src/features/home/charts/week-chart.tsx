import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import type { HomeDay } from '@beacon/contract';
import { formatWeekday } from '../utils/format.ts';

export interface WeekChartProps {
  days: HomeDay[];
  locale: string;
  labels: { tasksDone: string; dealsWon: string };
  rtl: boolean;
}

/** Tasks done and deals won on each day of the week; Monday on the reading side's start. */
export default function WeekChart({ days, locale, labels, rtl }: WeekChartProps) {
  const theme = useTheme();
  const integer = (value: number | null) =>
    value === null ? '' : new Intl.NumberFormat(locale).format(value);
  const dataset = days.map((day) => ({ ...day, label: formatWeekday(day.date, locale) }));
  // Day names longer than "Thứ 4" (Arabic has no short ones: "الأربعاء") do not fit a day's
  // width side by side: they lean, ending under their day.
  const tilted = dataset.some((day) => day.label.length > 5);
  return (
    <BarChart
      height={tilted ? 224 : 200}
      // Room on the left for the first leaning name.
      margin={{ top: 8, bottom: 0, left: tilted ? 16 : 0, right: 0 }}
      dataset={dataset}
      xAxis={[
        {
          scaleType: 'band',
          dataKey: 'label',
          reverse: rtl,
          ...(tilted
            ? ({
                height: 'auto',
                tickLabelStyle: { angle: -40, textAnchor: 'end', direction: 'ltr' },
              } as const)
            : {}),
        },
      ]}
      yAxis={[
        {
          position: rtl ? 'right' : 'left',
          tickLabelStyle: { textAnchor: rtl ? 'start' : 'end', direction: 'ltr' },
          tickMinStep: 1,
          width: 32,
          valueFormatter: (value: number) => integer(value),
        },
      ]}
      series={[
        {
          dataKey: 'tasksDone',
          label: labels.tasksDone,
          color: theme.palette.primary.main,
          valueFormatter: integer,
        },
        {
          dataKey: 'dealsWon',
          label: labels.dealsWon,
          color: theme.palette.warning.main,
          valueFormatter: integer,
        },
      ]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom' } } }}
    />
  );
}
