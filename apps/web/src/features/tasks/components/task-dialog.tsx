import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { taskPriorities, taskTypes, type Member, type Task } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { memberName } from '../../../utils/members.ts';
import { browserTimeZone } from '../../../utils/time-zone.ts';
import {
  relatedRecords,
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
import { RecordPicker } from '../../../components/record-picker.tsx';

const searchPeople = (q: string, signal?: AbortSignal) =>
  relatedRecords.search('people', q, signal);
const searchCompanies = (q: string, signal?: AbortSignal) =>
  relatedRecords.search('companies', q, signal);

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

const messages = { too_small: 'tasks:form.required', custom: 'tasks:form.badDate' };

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

  const dueHelper =
    fieldErrorMessage(t, errors.dueAt, messages) ??
    (zone !== device ? t('form.dueZone', { zone: zoneLabel(zone) }) : undefined);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
        <DialogTitle id={`${id}-title`}>
          {task ? t('form.editTitle') : t('form.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="title"
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('fields.title')}
                  required
                  autoFocus
                  error={Boolean(errors.title)}
                  helperText={fieldErrorMessage(t, errors.title, messages)}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <TextField {...field} select label={t('fields.type')} sx={{ flex: 1 }}>
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
                name="priority"
                render={({ field }) => (
                  <TextField {...field} select label={t('fields.priority')} sx={{ flex: 1 }}>
                    {taskPriorities.map((value) => (
                      <MenuItem key={value} value={value}>
                        {t(`priority.${value}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="dueAt"
                render={({ field }) => (
                  <TextField
                    {...field}
                    type="datetime-local"
                    label={t('fields.dueAt')}
                    error={Boolean(errors.dueAt)}
                    helperText={dueHelper}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ flex: 1 }}
                  />
                )}
              />
              <Controller
                control={control}
                name="assigneeId"
                render={({ field }) => (
                  <TextField
                    {...field}
                    onChange={(e) => changeAssignee(e.target.value, zone, zoneOf(e.target.value))}
                    select
                    label={t('fields.assignee')}
                    error={Boolean(errors.assigneeId)}
                    helperText={fieldErrorMessage(t, errors.assigneeId, messages)}
                    sx={{ flex: 1 }}
                  >
                    <MenuItem value="">{t('unassigned')}</MenuItem>
                    {members.map((m) => (
                      <MenuItem key={m.id} value={m.id}>
                        {memberName(m)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            {!relatedTo && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <div style={{ flex: 1 }}>
                  <Controller
                    control={control}
                    name="person"
                    render={({ field }) => (
                      <RecordPicker
                        search={searchPeople}
                        size="medium"
                        noOptionsText={t('form.noMatch')}
                        loadingText={t('form.searching')}
                        label={t('fields.person')}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
                <div style={{ flex: 1 }}>
                  <Controller
                    control={control}
                    name="company"
                    render={({ field }) => (
                      <RecordPicker
                        search={searchCompanies}
                        size="medium"
                        noOptionsText={t('form.noMatch')}
                        loadingText={t('form.searching')}
                        label={t('fields.company')}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
              </Stack>
            )}
            <Controller
              control={control}
              name="notes"
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('fields.notes')}
                  multiline
                  minRows={3}
                  error={Boolean(errors.notes)}
                  helperText={fieldErrorMessage(t, errors.notes, messages)}
                />
              )}
            />
          </Stack>
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
