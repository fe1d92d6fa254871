import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useHomeClosingQuery } from '../api/home-api.ts';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatMoney, formatSums } from '../../../utils/money.ts';
import { formatDay } from '../utils/format.ts';
import { recordPath } from '../utils/links.ts';
import type { HomeCardDef } from './card.ts';

/** The content's height with full lists (components/home-card.tsx, `reserve`). */
const RESERVE = 330;

function ClosingCard() {
  const { t, locale } = useHomeText();
  const query = useHomeClosingQuery();
  return (
    <HomeCard
      id="closing"
      reserve={RESERVE}
      title={t('closing.title')}
      query={query}
      isEmpty={(data) => data.count === 0}
      empty={t('closing.empty')}
    >
      {(data) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('closing.summary', {
              count: data.count,
              amount: formatSums(data.totals, locale, 'amount'),
            })}
          </Typography>
          <Box
            component="ul"
            aria-label={t('closing.title')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {data.items.map((deal) => (
              <Box
                component="li"
                key={deal.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography
                    variant="subtitle2"
                    component="div"
                    noWrap
                    dir="auto"
                    sx={{ textAlign: 'left' /* the page's start: flipped right to left */ }}
                  >
                    <Link component={RouterLink} to={recordPath('deal', deal.id)!} color="inherit">
                      {deal.name}
                    </Link>
                  </Typography>
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ color: 'text.secondary' }}
                    noWrap
                  >
                    {[
                      deal.companyName,
                      deal.stageName,
                      deal.closeDate && formatDay(deal.closeDate, locale),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <Typography variant="subtitle2" component="div" sx={{ flexShrink: 0 }}>
                  {formatMoney(deal.amount, deal.currency, locale)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </HomeCard>
  );
}

const card: HomeCardDef = { id: 'closing', order: 50, span: 4, Component: ClosingCard };
export default card;
