import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../utils/paths.ts';
import { useHomeMeetingsQuery } from '../api/home-api.ts';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatTime } from '../utils/format.ts';
import type { HomeCardDef } from './card.ts';

/** The content's height with full lists (components/home-card.tsx, `reserve`). */
const RESERVE = 300;

function MeetingsCard() {
  const { t, locale } = useHomeText();
  const query = useHomeMeetingsQuery();
  return (
    <HomeCard
      id="meetings"
      reserve={RESERVE}
      title={t('meetings.title')}
      query={query}
      isEmpty={(data) => data.count === 0}
      empty={t('meetings.empty')}
      action={
        <Button component={RouterLink} to={paths.dashboard.calendar} size="small">
          {t('meetings.open')}
        </Button>
      }
    >
      {(data) => (
        <Box component="ul" aria-label={t('meetings.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.items.map((meeting) => (
            <Box
              component="li"
              key={meeting.id}
              sx={{ display: 'flex', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box
                aria-hidden="true"
                sx={{ width: 4, flexShrink: 0, borderRadius: 1, bgcolor: meeting.color }}
              />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography
                  variant="subtitle2"
                  component="div"
                  noWrap
                  dir="auto"
                  sx={{ textAlign: 'left' /* the page's start: flipped right to left */ }}
                >
                  {meeting.title}
                </Typography>
                <Typography
                  variant="caption"
                  component="div"
                  sx={{ color: 'text.secondary' }}
                  noWrap
                >
                  {meeting.allDay ? (
                    t('meetings.allDay')
                  ) : (
                    <bdi>
                      {formatTime(meeting.start, locale)} – {formatTime(meeting.end, locale)}
                    </bdi>
                  )}
                  {meeting.location && ` · ${meeting.location}`}
                  {meeting.mine && ` · ${t('meetings.mine')}`}
                </Typography>
              </Box>
            </Box>
          ))}
          {data.count > data.items.length && (
            <Typography component="li" variant="caption" sx={{ color: 'text.secondary', pt: 1 }}>
              {t('more', { count: data.count - data.items.length })}
            </Typography>
          )}
        </Box>
      )}
    </HomeCard>
  );
}

const card: HomeCardDef = { id: 'meetings', order: 20, span: 4, Component: MeetingsCard };
export default card;
