import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Task } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors } from '../../../utils/form-errors.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import { useCreateTaskMutation, useMemberTimeZonesQuery } from '../api/tasks-api.ts';
import {
  taskFormFields,
  taskFormSchema,
  taskFormValues,
  taskFromForm,
  type TaskFormOutput,
  type TaskFormValues,
} from '../utils/task-form.ts';
import { assigneeZone, zoneLabel } from '../utils/zoned-time.ts';
import { TaskFields } from './task-fields.tsx';

export interface FollowUpTaskDialogProps {
  /** The person the task is about. */
  personId: string;
  /** Their name, in the task's suggested title. */
  personName: string;
  /** Who is signed in: the task is theirs, its due time on their clock. */
  currentUserId: string | null;
  onClose: () => void;
  onCreated?: (task: Task) => void;
}

/**
 * A follow-up e-mail task about a person, for the signed-in member (another area's screen, as the
 * conversations inbox, opens it through its route): the task form's title and due time
 * (`TaskFields`, checked by the contract's rules), the title suggested from the person's name.
 */
export function FollowUpTaskDialog({
  personId,
  personName,
  currentUserId,
  onClose,
  onCreated,
}: FollowUpTaskDialogProps) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const id = useId();
  const [createTask] = useCreateTaskMutation();
  const zones = useMemberTimeZonesQuery().data?.items;
  const device = browserTimeZone();
  const zone = assigneeZone(zones, currentUserId, currentUserId, device);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: {
      ...taskFormValues(null, currentUserId, zone),
      title: t('followUp.defaultTitle', { name: personName }),
      type: 'email',
    },
  });

  const submit = async (values: TaskFormOutput) => {
    // The server gives a task with no assignee named to the caller.
    const { assigneeId: _caller, ...fields } = taskFromForm(values, zone);
    try {
      const created = await createTask({ ...fields, personId, companyId: null }).unwrap();
      enqueueSnackbar(t('followUp.created'), { variant: 'success' });
      onCreated?.(created);
      onClose();
    } catch (error) {
      if (isApiFailure(error) && applyServerFieldErrors(setError, error, taskFormFields)) return;
      enqueueSnackbar(isApiFailure(error) ? areaErrorText(t, 'tasks', error) : t('errors.save'), {
        variant: 'error',
      });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
        <DialogTitle id={`${id}-title`}>{t('followUp.title')}</DialogTitle>
        <DialogContent>
          <TaskFields
            control={control}
            errors={errors}
            fields={['title', 'dueAt']}
            autoFocus
            dueHelper={zone !== device ? t('form.dueZone', { zone: zoneLabel(zone) }) : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('followUp.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
