import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Member, Task } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors } from '../../../utils/form-errors.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import {
  useCreateTaskMutation,
  useMemberTimeZonesQuery,
  usePatchTaskMutation,
} from '../api/tasks-api.ts';
import {
  taskFormFields,
  taskFormSchema,
  taskFormValues,
  taskFromForm,
  type TaskFormOutput,
  type TaskFormValues,
} from '../utils/task-form.ts';
import { assigneeZone, fromZonedInput, toZonedInput, zoneLabel } from '../utils/zoned-time.ts';
import { TaskFields } from './task-fields.tsx';

export interface TaskDialogProps {
  open: boolean;
  /** The task to change; a new one when null. */
  task: Task | null;
  members: Member[];
  /** Who is signed in: the default assignee. */
  currentUserId: string | null;
  /** A new task's fixed relation (from a record page). */
  relatedTo?: { personId?: string; companyId?: string; dealId?: string };
  onClose: () => void;
  onSaved?: (task: Task) => void;
}

/**
 * Adds or changes a task: title, type, due time, priority, assignee, person, company, notes. The
 * due time is entered on the assignee's clock (the zone the server counts its day in), named when
 * it is not this device's; changing the assignee keeps the instant and shows it on theirs.
 */
export function TaskDialog({
  open,
  task,
  members,
  currentUserId,
  relatedTo,
  onClose,
  onSaved,
}: TaskDialogProps) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const id = useId();
  const [createTask] = useCreateTaskMutation();
  const [patchTask] = usePatchTaskMutation();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: taskFormValues(null, currentUserId, 'UTC'),
  });
  const assigneeId = watch('assigneeId');
  const zones = useMemberTimeZonesQuery().data?.items;
  const device = browserTimeZone();
  const zoneOf = (member: string) => assigneeZone(zones, member || null, currentUserId, device);
  const zone = zoneOf(assigneeId);

  useEffect(() => {
    if (!open) return;
    reset(taskFormValues(task, currentUserId, task?.timeZone ?? zoneOf(currentUserId ?? '')));
    // Reset when the dialog opens on a task, not when the zones arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, task, currentUserId, reset]);

  const submit = async (values: TaskFormOutput) => {
    const fields = taskFromForm(values, zone);
    try {
      const saved = task
        ? await patchTask({ id: task.id, patch: fields }).unwrap()
        : await createTask({
            ...fields,
            personId: relatedTo?.personId ?? fields.personId,
            companyId: relatedTo?.companyId ?? fields.companyId,
            dealId: relatedTo?.dealId ?? null,
          }).unwrap();
      enqueueSnackbar(task ? t('saved') : t('added'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiFailure(error) && applyServerFieldErrors(setError, error, taskFormFields)) return;
      enqueueSnackbar(isApiFailure(error) ? areaErrorText(t, 'tasks', error) : t('errors.save'), {
        variant: 'error',
      });
    }
  };

  /** A new assignee: the same instant, shown on their clock. */
  const changeAssignee = (next: string, previousZone: string, nextZone: string) => {
    const due = getValues('dueAt');
    setValue('assigneeId', next);
    const instant = due && previousZone !== nextZone ? fromZonedInput(due, previousZone) : null;
    if (instant) setValue('dueAt', toZonedInput(instant, nextZone));
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
        <DialogTitle id={`${id}-title`}>
          {task ? t('form.editTitle') : t('form.newTitle')}
        </DialogTitle>
        <DialogContent>
          <TaskFields
            control={control}
            errors={errors}
            fields={
              relatedTo
                ? ['title', 'type', 'priority', 'dueAt', 'assigneeId', 'notes']
                : ['title', 'type', 'priority', 'dueAt', 'assigneeId', 'related', 'notes']
            }
            autoFocus
            dueHelper={zone !== device ? t('form.dueZone', { zone: zoneLabel(zone) }) : undefined}
            members={members}
            onAssigneeChange={(next) => changeAssignee(next, zone, zoneOf(next))}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {task ? t('actions.save') : t('actions.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
