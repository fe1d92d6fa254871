import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Task } from '@beacon/contract';
import { paths } from '../../../utils/paths.ts';
import { formatDue } from '../utils/format.ts';

/** The type of a task, as a small label. */
export function TaskTypeChip({ task }: { task: Pick<Task, 'type'> }) {
  const { t } = useTranslation('tasks');
  return <Chip size="small" variant="outlined" label={t(`type.${task.type}`)} />;
}

/**
 * The due time on the assignee's clock (the zone named when it is not this device's), coloured
 * by where it stands in the assignee's day.
 */
export function TaskDue({ task }: { task: Pick<Task, 'dueAt' | 'dueState' | 'timeZone'> }) {
  const { t, i18n } = useTranslation('tasks');
  if (!task.dueAt) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('noDue')}
      </Typography>
    );
  }
  const color = task.dueState === 'overdue' ? 'error.main' : 'text.primary';
  return (
    <Typography
      variant="body2"
      sx={{ color, whiteSpace: 'nowrap', fontWeight: task.dueState === 'today' ? 600 : 400 }}
    >
      {formatDue(task.dueAt, i18n.language, task.timeZone)}
      {task.dueState === 'overdue' && (
        <Box component="span" sx={{ ml: 0.5, fontWeight: 600 }}>
          · {t('tabs.overdue')}
        </Box>
      )}
    </Typography>
  );
}

/** Links to the task's person and company, or a dash. */
export function TaskRelated({
  task,
}: {
  task: Pick<Task, 'personId' | 'personName' | 'companyId' | 'companyName'>;
}) {
  if (!task.personId && !task.companyId) return <span aria-hidden="true">—</span>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {task.personId && (
        <Link
          component={RouterLink}
          to={`${paths.dashboard.people}/${task.personId}`}
          variant="body2"
        >
          {task.personName}
        </Link>
      )}
      {task.companyId && (
        <Link
          component={RouterLink}
          to={`${paths.dashboard.companies}/${task.companyId}`}
          variant="body2"
          sx={{ color: 'text.secondary' }}
        >
          {task.companyName}
        </Link>
      )}
    </Box>
  );
}
