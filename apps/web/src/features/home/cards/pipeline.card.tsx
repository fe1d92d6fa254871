import { lazy } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../utils/paths.ts';
import { homeApi } from '../api/home-api.ts';
import { ChartSlot } from '../components/chart-slot.tsx';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeData } from '../hooks/use-home-data.ts';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatCount, formatMoney } from '../utils/format.ts';
import { mainCurrency, stageIn } from '../utils/pipeline.ts';
import type { HomeCardDef } from './card.ts';

const StageChart = lazy(() => import('../charts/stage-chart.tsx'));
const LIVE = ['deals.*', 'pipelines.*', 'crm.changed'] as const;

function PipelineCard() {
  const { t, locale, dir } = useHomeText();
  const state = useHomeData(homeApi.pipeline, LIVE);
  return (
    <HomeCard
      id="pipeline"
      title={t('pipeline.title')}
      state={state}
      isEmpty={(data) => data.stages.every((stage) => stage.count === 0)}
      empty={t('pipeline.empty')}
      skeletonRows={5}
      action={
        <Button component={RouterLink} to={paths.dashboard.deals} size="small">
          {t('pipeline.open')}
        </Button>
      }
    >
      {(data) => {
        const currency = mainCurrency(data.stages);
        const height = Math.max(160, data.stages.length * 44 + 56);
        const money = (amounts: { amount: number; currency: string }[]) =>
          amounts.length === 0
            ? '—'
            : amounts.map((m) => formatMoney(m.amount, m.currency, locale)).join(' · ');
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {currency && (
              <ChartSlot height={height} label={t('pipeline.title')}>
                <StageChart
                  rows={data.stages.map((stage) => ({
                    name: stage.name,
                    ...stageIn(stage, currency),
                  }))}
                  currency={currency}
                  locale={locale}
                  rtl={dir === 'rtl'}
                  labels={{ amount: t('pipeline.total'), weighted: t('pipeline.weighted') }}
                />
              </ChartSlot>
            )}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('pipeline.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('pipeline.stage')}</TableCell>
                    <TableCell align="right">{t('pipeline.deals')}</TableCell>
                    <TableCell align="right">{t('pipeline.total')}</TableCell>
                    <TableCell align="right">{t('pipeline.weighted')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.stages.map((stage) => (
                    <TableRow key={stage.id}>
                      <TableCell component="th" scope="row">
                        {stage.name}
                      </TableCell>
                      <TableCell align="right">{formatCount(stage.count, locale)}</TableCell>
                      <TableCell align="right">{money(stage.totals)}</TableCell>
                      <TableCell align="right">
                        {money(stage.totals.map((m) => ({ ...m, amount: m.weighted })))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        );
      }}
    </HomeCard>
  );
}

const card: HomeCardDef = { id: 'pipeline', order: 40, span: 8, Component: PipelineCard };
export default card;
