import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Task, TaskQuery } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors } from '../../../utils/form-errors.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import { useCreateTaskMutation, usePatchTaskMutation } from '../api/tasks-api.ts';
import { useOptimisticDone } from '../hooks/use-optimistic-done.ts';
import { useAssigneeZone, useTasks } from '../hooks/use-tasks.ts';
import {
  taskFormSchema,
  taskFormValues,
  type TaskFormOutput,
  type TaskFormValues,
} from '../utils/task-form.ts';
import { fromZonedInput, zoneLabel } from '../utils/zoned-time.ts';
import { TaskDue, TaskTypeChip } from './task-chips.tsx';
import { TaskDialog } from './task-dialog.tsx';
import { TaskFields } from './task-fields.tsx';

export interface RecordTasksProps {
  /** The record the tasks concern. */
  subject: 'person' | 'company' | 'deal';
  id: string;
  canEdit: boolean;
  currentUserId: string | null;
}

const filterKey = { person: 'person', company: 'company', deal: 'deal' } as const;
const linkKey = { person: 'personId', company: 'companyId', deal: 'dealId' } as const;

/** The quick add: the task form (`TaskFields`) showing its title, type and due time. */
const quickAddDefaults = taskFormValues(null, null, 'UTC');

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
  const [editing, setEditing] = useState<Task | null>(null);
  const [createTask] = useCreateTaskMutation();
  const [patchTask] = usePatchTaskMutation();
  // A task added here is the caller's: its due time is on their clock.
  const zone = useAssigneeZone(currentUserId, currentUserId);
  const device = browserTimeZone();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: quickAddDefaults,
  });

  const add = async (values: TaskFormOutput) => {
    try {
      await createTask({
        title: values.title,
        type: values.type,
        dueAt: values.dueAt ? fromZonedInput(values.dueAt, zone) : null,
        [linkKey[subject]]: id,
      }).unwrap();
      reset(quickAddDefaults);
      enqueueSnackbar(t('added'));
    } catch (error) {
      if (isApiFailure(error) && applyServerFieldErrors(setError, error, ['title', 'dueAt'])) {
        return;
      }
      enqueueSnackbar(isApiFailure(error) ? areaErrorText(t, 'tasks', error) : t('errors.save'), {
        variant: 'error',
      });
    }
  };

  const optimistic = useOptimisticDone();
  const toggle = async (task: Task) => {
    optimistic.mark(task);
    try {
      await patchTask({
        id: task.id,
        patch: { status: task.status === 'open' ? 'done' : 'open' },
      }).unwrap();
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
          onSubmit={(e) => void handleSubmit(add)(e)}
          noValidate
          aria-label={t('record.addLabel')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TaskFields
            control={control}
            errors={errors}
            fields={['title', 'type', 'dueAt']}
            layout="inline"
            titleLabel={t('record.newTask')}
            dueHelper={zone !== device ? t('form.dueZone', { zone: zoneLabel(zone) }) : undefined}
          />
          <Button type="submit" variant="contained" loading={isSubmitting}>
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
      />
    </Stack>
  );
}
