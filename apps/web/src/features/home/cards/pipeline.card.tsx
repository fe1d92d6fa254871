import { lazy } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import type { HomeStage } from '@beacon/contract';
import { paths } from '../../../utils/paths.ts';
import { useHomePipelineQuery } from '../api/home-api.ts';
import { ChartSlot } from '../components/chart-slot.tsx';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatSums } from '../../../utils/money.ts';
import { formatCount } from '../utils/format.ts';
import { mainCurrency, stageIn } from '../utils/pipeline.ts';
import type { HomeCardDef } from './card.ts';

const StageChart = lazy(() => import('../charts/stage-chart.tsx'));

/** The content's height with full lists (components/home-card.tsx, `reserve`). */
const RESERVE = 500;

function PipelineCard() {
  const { t, locale, dir } = useHomeText();
  const query = useHomePipelineQuery();
  return (
    <HomeCard
      id="pipeline"
      reserve={RESERVE}
      title={t('pipeline.title')}
      query={query}
      isEmpty={(data) => data.stages.every((stage) => stage.count === 0)}
      empty={t('pipeline.empty')}
      action={
        <Button component={RouterLink} to={paths.dashboard.deals} size="small">
          {t('pipeline.open')}
        </Button>
      }
    >
      {(data) => {
        const currency = mainCurrency(data.stages);
        const height = Math.max(160, data.stages.length * 44 + 56);
        const money = (stage: HomeStage, which: 'amount' | 'weighted') =>
          stage.totals.length === 0 ? '—' : formatSums(stage.totals, locale, which);
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
                      <TableCell align="right">{money(stage, 'amount')}</TableCell>
                      <TableCell align="right">{money(stage, 'weighted')}</TableCell>
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
