import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { formatMoney } from '../../../utils/money.ts';

export interface StageChartRow {
  name: string;
  amount: number;
  weighted: number;
}

export interface StageChartProps {
  rows: StageChartRow[];
  currency: string;
  locale: string;
  labels: { amount: string; weighted: string };
  rtl: boolean;
}

/** Open deals by stage: a horizontal bar per stage, its total and weighted total. */
export default function StageChart({ rows, currency, locale, labels, rtl }: StageChartProps) {
  const theme = useTheme();
  const money = (value: number | null) =>
    value === null ? '' : formatMoney(value, currency, locale);
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, rows.length * 44 + 56)}
      margin={{ top: 8, bottom: 0, left: 0, right: 8 }}
      dataset={rows.map((row) => ({ ...row }))}
      yAxis={[
        {
          scaleType: 'band',
          dataKey: 'name',
          position: rtl ? 'right' : 'left',
          width: 110,
          // Labels sit outside the plot on either side, whatever the page's direction.
          tickLabelStyle: { textAnchor: rtl ? 'start' : 'end', direction: 'ltr' },
        },
      ]}
      xAxis={[
        {
          reverse: rtl,
          valueFormatter: (value: number) =>
            formatMoney(value, currency, locale, { compact: true }),
        },
      ]}
      series={[
        {
          dataKey: 'amount',
          label: labels.amount,
          color: theme.palette.primary.light,
          valueFormatter: money,
        },
        {
          dataKey: 'weighted',
          label: labels.weighted,
          color: theme.palette.primary.dark,
          valueFormatter: money,
        },
      ]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom' } } }}
    />
  );
}
