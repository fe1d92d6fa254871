import { lazy } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useHomeWeekQuery } from '../api/home-api.ts';
import { ChartSlot } from '../components/chart-slot.tsx';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatMoney } from '../../../utils/money.ts';
import { formatCount } from '../utils/format.ts';
import type { HomeCardDef } from './card.ts';

const WeekChart = lazy(() => import('../charts/week-chart.tsx'));

/** The content's height with full lists (components/home-card.tsx, `reserve`). */
const RESERVE = 320;

function WeekCard() {
  const { t, locale, dir } = useHomeText();
  const query = useHomeWeekQuery();
  return (
    <HomeCard
      id="week"
      reserve={RESERVE}
      title={t('week.title')}
      query={query}
      isEmpty={() => false}
      empty=""
    >
      {(data) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, m: 0 }}
          >
            <Figure label={t('week.tasksDone')} value={formatCount(data.tasksDone, locale)} />
            <Figure label={t('week.dealsWon')} value={formatCount(data.dealsWon, locale)} />
            <Figure
              label={t('week.wonAmount')}
              value={
                data.won.length === 0
                  ? '—'
                  : data.won
                      .map((m) => formatMoney(m.amount, m.currency, locale, { compact: true }))
                      .join(' · ')
              }
            />
          </Box>
          {data.tasksDone + data.dealsWon === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('week.empty')}</Typography>
          ) : (
            <ChartSlot height={200} label={t('week.title')}>
              <WeekChart
                days={data.days}
                locale={locale}
                rtl={dir === 'rtl'}
                labels={{ tasksDone: t('week.tasksDone'), dealsWon: t('week.dealsWon') }}
              />
            </ChartSlot>
          )}
        </Box>
      )}
    </HomeCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

const card: HomeCardDef = { id: 'week', order: 30, span: 4, Component: WeekCard };
export default card;
