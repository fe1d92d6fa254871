import { useMemo, useState } from 'react';
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
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { taskTypes, type Task, type TaskQuery } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useWorkspaceMembers } from '../../../hooks/use-workspace-members.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import { useCreateTaskMutation, usePatchTaskMutation } from '../api/tasks-api.ts';
import { useOptimisticDone } from '../hooks/use-optimistic-done.ts';
import { useAssigneeZone, useTasks } from '../hooks/use-tasks.ts';
import { taskFormSchema } from '../utils/task-form.ts';
import { fromZonedInput, zoneLabel } from '../utils/zoned-time.ts';
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

/** The quick-add form: the task form's title, type and due time (the contract's limits). */
const quickAddSchema = taskFormSchema.pick({ title: true, type: true, dueAt: true });
type QuickAdd = z.input<typeof quickAddSchema>;
const quickAddDefaults: QuickAdd = { title: '', type: 'todo', dueAt: '' };
const messages = { too_small: 'tasks:form.required', custom: 'tasks:form.badDate' };

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
  } = useForm<QuickAdd, unknown, z.output<typeof quickAddSchema>>({
    resolver: zodResolver(quickAddSchema),
    defaultValues: quickAddDefaults,
  });

  const add = async (values: z.output<typeof quickAddSchema>) => {
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
          <Controller
            control={control}
            name="title"
            render={({ field }) => (
              <TextField
                {...field}
                size="small"
                label={t('record.newTask')}
                error={Boolean(errors.title)}
                helperText={fieldErrorMessage(t, errors.title, messages)}
                sx={{ flex: '1 1 220px' }}
              />
            )}
          />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <TextField
                {...field}
                size="small"
                select
                label={t('fields.type')}
                sx={{ width: 150 }}
              >
                {taskTypes.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`type.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="dueAt"
            render={({ field }) => (
              <TextField
                {...field}
                size="small"
                type="datetime-local"
                label={t('fields.dueAt')}
                error={Boolean(errors.dueAt)}
                helperText={
                  fieldErrorMessage(t, errors.dueAt, messages) ??
                  (zone !== device ? t('form.dueZone', { zone: zoneLabel(zone) }) : undefined)
                }
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: 220 }}
              />
            )}
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
