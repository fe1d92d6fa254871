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
  return (
    <BarChart
      height={200}
      margin={{ top: 8, bottom: 0, left: 0, right: 0 }}
      dataset={days.map((day) => ({ ...day, label: formatWeekday(day.date, locale) }))}
      xAxis={[{ scaleType: 'band', dataKey: 'label', reverse: rtl }]}
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
