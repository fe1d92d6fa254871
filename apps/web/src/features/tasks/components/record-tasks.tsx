import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  TASK_TITLE_MAX,
  taskTypes,
  type Task,
  type TaskQuery,
  type TaskType,
} from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { tasksApi } from '../api/tasks-api.ts';
import { useOptimisticDone } from '../hooks/use-optimistic-done.ts';
import { useTasks } from '../hooks/use-tasks.ts';
import { fromLocalInput } from '../utils/task-rules.ts';
import { TaskDue, TaskTypeChip } from './task-chips.tsx';
import { TaskDialog } from './task-dialog.tsx';

export interface RecordTasksProps {
  /** The record the tasks concern. */
  subject: 'person' | 'company' | 'deal';
  id: string;
  canEdit: boolean;
  currentUserId: string | null;
}

const filterKey = { person: 'person', company: 'company', deal: 'deal' } as const;
const linkKey = { person: 'personId', company: 'companyId', deal: 'dealId' } as const;

/**
 * A record's tasks (a person's, a company's or a deal's): open ones first by due time, then the
 * last done, with a form to add one about the record. Live: any member's change shows at once.
 */
export function RecordTasks({ subject, id, canEdit, currentUserId }: RecordTasksProps) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const openQuery = useMemo<TaskQuery>(
    () => ({ [filterKey[subject]]: id, status: 'open', sort: 'dueAt' }),
    [subject, id],
  );
  const doneQuery = useMemo<TaskQuery>(
    () => ({ [filterKey[subject]]: id, status: 'closed', sort: '-completedAt', limit: 10 }),
    [subject, id],
  );
  const open = useTasks(openQuery);
  const done = useTasks(doneQuery);
  const { members } = useWorkspaceMembers();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<TaskType>('todo');
  const [due, setDue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Task | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('form.required'));
      return;
    }
    setBusy(true);
    try {
      await tasksApi.create({
        title: title.trim(),
        type,
        dueAt: fromLocalInput(due),
        [linkKey[subject]]: id,
      });
      setTitle('');
      setDue('');
      setError('');
      enqueueSnackbar(t('added'));
      open.refetch();
    } catch {
      enqueueSnackbar(t('errors.save'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const optimistic = useOptimisticDone();
  const toggle = async (task: Task) => {
    optimistic.mark(task);
    try {
      await tasksApi.patch(task.id, { status: task.status === 'open' ? 'done' : 'open' });
      open.refetch();
      done.refetch();
    } catch {
      optimistic.failed(task);
      enqueueSnackbar(t('errors.save'), { variant: 'error' });
    }
  };

  const row = (task: Task) => (
    <ListItem key={task.id} disableGutters divider sx={{ gap: 1, alignItems: 'flex-start' }}>
      <Checkbox
        color="success"
        disabled={!canEdit}
        checked={optimistic.isDone(task)}
        onChange={() => void toggle(task)}
        slotProps={{
          input: {
            'aria-label':
              task.status === 'open'
                ? t('actions.completeOne', { title: task.title })
                : t('actions.reopenOne', { title: task.title }),
          },
        }}
        sx={{ mt: -0.5 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {canEdit ? (
          <Button
            color="inherit"
            onClick={() => setEditing(task)}
            sx={{
              p: 0,
              minWidth: 0,
              textAlign: 'start',
              fontWeight: 600,
              textDecoration: task.status === 'open' ? 'none' : 'line-through',
            }}
          >
            {task.title}
          </Button>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {task.title}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <TaskTypeChip task={task} />
          <TaskDue task={task} />
        </Box>
      </Box>
    </ListItem>
  );

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
      {canEdit && (
        <Box
          component="form"
          onSubmit={(e: FormEvent) => void add(e)}
          noValidate
          aria-label={t('record.addLabel')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('record.newTask')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(error)}
            helperText={error || undefined}
            slotProps={{ htmlInput: { maxLength: TASK_TITLE_MAX } }}
            sx={{ flex: '1 1 220px' }}
          />
          <TextField
            size="small"
            select
            label={t('fields.type')}
            value={type}
            onChange={(e) => setType(e.target.value as TaskType)}
            sx={{ width: 150 }}
          >
            {taskTypes.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`type.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="datetime-local"
            label={t('fields.dueAt')}
            value={due}
            onChange={(e) => setDue(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 220 }}
          />
          <Button type="submit" variant="contained" loading={busy}>
            {t('actions.add')}
          </Button>
        </Box>
      )}
      {open.error && !open.loaded ? (
        <Alert severity="error">{t('errors.load')}</Alert>
      ) : !open.loaded ? (
        <Skeleton height={48} aria-label={t('loading')} />
      ) : open.items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('record.none')}</Typography>
      ) : (
        <List aria-label={t('record.open')} disablePadding>
          {open.items.map(row)}
        </List>
      )}
      {done.items.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary' }}>
            {t('record.done')}
          </Typography>
          <List aria-label={t('record.done')} disablePadding>
            {done.items.map(row)}
          </List>
        </>
      )}
      <TaskDialog
        open={editing !== null}
        task={editing}
        members={members}
        currentUserId={currentUserId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          open.refetch();
          done.refetch();
        }}
      />
    </Stack>
  );
}
