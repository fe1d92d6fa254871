import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useHomeActivityQuery } from '../api/home-api.ts';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatAgo } from '../utils/format.ts';
import { recordPath } from '../utils/links.ts';
import type { HomeCardDef } from './card.ts';

const KINDS = new Set([
  'created',
  'field_changed',
  'list_added',
  'list_removed',
  'note_added',
  'merged',
  'imported',
]);

/** The content's height with full lists (components/home-card.tsx, `reserve`). */
const RESERVE = 580;

function ActivityCard() {
  const { t, locale } = useHomeText();
  const query = useHomeActivityQuery();
  return (
    <HomeCard
      id="activity"
      reserve={RESERVE}
      title={t('activity.title')}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      empty={t('activity.empty')}
    >
      {(data) => (
        <Box component="ul" aria-label={t('activity.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.items.map((entry) => {
            const to = recordPath(entry.subject.type, entry.subject.id);
            const name = entry.subject.name || t('activity.unnamed');
            const kind = KINDS.has(entry.kind) ? entry.kind : 'other';
            return (
              <Box
                component="li"
                key={entry.id}
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
              >
                <Typography
                  variant="subtitle2"
                  component="div"
                  noWrap
                  dir="auto"
                  sx={{ textAlign: 'left' /* the page's start: flipped right to left */ }}
                >
                  {to ? (
                    <Link component={RouterLink} to={to} color="inherit">
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </Typography>
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {t(`activity.kinds.${kind}`, {
                    actor: entry.actorName ?? t('activity.someone'),
                    list: entry.listName ?? '',
                  })}
                  {' · '}
                  <time dateTime={entry.createdAt}>{formatAgo(entry.createdAt, locale)}</time>
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </HomeCard>
  );
}

const card: HomeCardDef = { id: 'activity', order: 60, span: 12, Component: ActivityCard };
export default card;
