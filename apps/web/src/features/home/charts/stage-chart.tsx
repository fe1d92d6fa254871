import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { formatMinor, minorRatio, type Minor } from '../../../utils/money.ts';

export interface StageChartRow {
  name: string;
  /** Minor units, exact (the API's decimal strings). */
  amount: Minor;
  weighted: Minor;
}

export interface StageChartProps {
  rows: StageChartRow[];
  currency: string;
  locale: string;
  labels: { amount: string; weighted: string };
  rtl: boolean;
}

/**
 * The chart draws numbers: a sum as a close float (`minorRatio` over one unit), which past 2^53
 * may be off by a few units, far below a pixel. What is read stays exact: the tooltip words the
 * row's own sum, and the axis ticks are compact (one decimal of thousands or millions).
 */
const plotted = (minor: Minor) => minorRatio(minor, 1);

/** Open deals by stage: a horizontal bar per stage, its total and weighted total. */
export default function StageChart({ rows, currency, locale, labels, rtl }: StageChartProps) {
  const theme = useTheme();
  const money =
    (which: 'amount' | 'weighted') =>
    (value: number | null, { dataIndex }: { dataIndex: number }) => {
      const row = rows[dataIndex];
      return value === null || !row ? '' : formatMinor(row[which], currency, locale);
    };
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, rows.length * 44 + 56)}
      margin={{ top: 8, bottom: 0, left: 0, right: 8 }}
      dataset={rows.map((row) => ({
        name: row.name,
        amount: plotted(row.amount),
        weighted: plotted(row.weighted),
      }))}
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
          // MUI X hides a label that overlaps the last one shown, but on a reversed axis (right
          // to left) it lets them touch: there every other one is shown, d3's ticks being at
          // least 50 px apart (the compact sums take about 70 px in Arabic).
          tickLabelInterval: rtl ? (_value: number, index: number) => index % 2 === 0 : 'auto',
          valueFormatter: (value: number) =>
            formatMinor(BigInt(Math.round(value)), currency, locale, { compact: true }),
        },
      ]}
      series={[
        {
          dataKey: 'amount',
          label: labels.amount,
          color: theme.palette.primary.light,
          valueFormatter: money('amount'),
        },
        {
          dataKey: 'weighted',
          label: labels.weighted,
          color: theme.palette.primary.dark,
          valueFormatter: money('weighted'),
        },
      ]}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom' } } }}
    />
  );
}
