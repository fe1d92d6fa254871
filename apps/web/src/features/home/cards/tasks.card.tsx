import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { HomeTask } from '@beacon/contract';
import { useHomeTasksQuery } from '../api/home-api.ts';
import { HomeCard } from '../components/home-card.tsx';
import { useHomeText } from '../hooks/use-locale.ts';
import { formatCount, formatDay, formatTime } from '../utils/format.ts';
import { queuePath, recordPath } from '../utils/links.ts';
import type { HomeCardDef } from './card.ts';

/** The content's height with full lists (components/home-card.tsx, `reserve`). */
const RESERVE = 750;

function TasksCard() {
  const { t, locale } = useHomeText();
  const query = useHomeTasksQuery();
  const due = query.data ? query.data.dueToday.count + query.data.overdue.count : 0;
  return (
    <HomeCard
      id="tasks"
      reserve={RESERVE}
      title={t('tasks.title')}
      query={query}
      isEmpty={(data) => data.dueToday.count + data.overdue.count === 0}
      empty={t('tasks.empty')}
      action={
        <Button
          component={RouterLink}
          to={queuePath}
          variant="contained"
          size="small"
          disabled={query.isSuccess && due === 0}
        >
          {t('startQueue')}
        </Button>
      }
    >
      {(data) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <Figure
              label={t('tasks.overdue')}
              value={formatCount(data.overdue.count, locale)}
              tone={data.overdue.count > 0 ? 'error.main' : 'text.primary'}
            />
            <Figure label={t('tasks.dueToday')} value={formatCount(data.dueToday.count, locale)} />
          </Box>
          <TaskList
            label={t('tasks.overdue')}
            items={data.overdue.items}
            more={data.overdue.count - data.overdue.items.length}
            overdue
          />
          <TaskList
            label={t('tasks.dueToday')}
            items={data.dueToday.items}
            more={data.dueToday.count - data.dueToday.items.length}
          />
        </Box>
      )}
    </HomeCard>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box sx={{ p: 2, borderRadius: 1.5, bgcolor: 'background.neutral' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ color: tone ?? 'text.primary' }}>
        {value}
      </Typography>
    </Box>
  );
}

function TaskList({
  label,
  items,
  more,
  overdue = false,
}: {
  label: string;
  items: HomeTask[];
  more: number;
  overdue?: boolean;
}) {
  const { t, locale } = useHomeText();
  if (items.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((task) => {
        const to = task.subject && recordPath(task.subject.type, task.subject.id);
        return (
          <Box
            component="li"
            key={task.id}
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
                {task.title}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }} component="div" noWrap>
                {t(`tasks.types.${task.type}`, { defaultValue: task.type })}
                {task.subject && (
                  <>
                    {' · '}
                    {to ? (
                      <Link component={RouterLink} to={to} color="inherit">
                        {task.subject.name}
                      </Link>
                    ) : (
                      task.subject.name
                    )}
                  </>
                )}
              </Typography>
            </Box>
            {task.priority === 'high' && (
              <Chip
                size="small"
                variant="outlined"
                label={t('tasks.high')}
                // The darkest shade in light mode, the lightest in dark: readable (WCAG AA).
                sx={(theme) => {
                  const tone =
                    theme.palette.mode === 'light'
                      ? theme.palette.warning.darker
                      : theme.palette.warning.light;
                  return { color: tone, borderColor: tone };
                }}
              />
            )}
            {task.dueAt && (
              <Typography
                variant="caption"
                sx={{ color: overdue ? 'error.main' : 'text.secondary', flexShrink: 0 }}
              >
                {overdue ? formatDay(task.dueAt, locale) : formatTime(task.dueAt, locale)}
              </Typography>
            )}
          </Box>
        );
      })}
      {more > 0 && (
        <Typography component="li" variant="caption" sx={{ color: 'text.secondary', pt: 1 }}>
          {t('more', { count: more })}
        </Typography>
      )}
    </Box>
  );
}

const card: HomeCardDef = { id: 'tasks', order: 10, span: 4, Component: TasksCard };
export default card;
