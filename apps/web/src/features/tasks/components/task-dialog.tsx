import { useEffect, useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  TASK_NOTES_MAX,
  TASK_TITLE_MAX,
  taskPriorities,
  taskTypes,
  type Member,
  type Task,
  type TaskPriority,
  type TaskType,
} from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { memberName } from '../../../utils/members.ts';
import { tasksApi } from '../api/tasks-api.ts';
import { fromLocalInput, toLocalInput } from '../utils/task-rules.ts';
import { RecordPicker, type PickedRecord } from './record-picker.tsx';

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

/** Adds or changes a task: title, type, due time, priority, assignee, person, company, notes. */
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
  const [title, setTitle] = useState('');
  const [type, setType] = useState<TaskType>('todo');
  const [due, setDue] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('normal');
  const [assigneeId, setAssigneeId] = useState('');
  const [person, setPerson] = useState<PickedRecord | null>(null);
  const [company, setCompany] = useState<PickedRecord | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(task?.title ?? '');
    setType(task?.type ?? 'todo');
    setDue(toLocalInput(task?.dueAt ?? null));
    setPriority(task?.priority ?? 'normal');
    setAssigneeId(task ? (task.assigneeId ?? '') : (currentUserId ?? ''));
    setPerson(task?.personId ? { id: task.personId, label: task.personName } : null);
    setCompany(task?.companyId ? { id: task.companyId, label: task.companyName } : null);
    setNotes(task?.notes ?? '');
    setErrors({});
  }, [open, task, currentUserId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setErrors({ title: t('form.required') });
      return;
    }
    if (due && !fromLocalInput(due)) {
      setErrors({ dueAt: t('form.badDate') });
      return;
    }
    const fields = {
      title: title.trim(),
      type,
      dueAt: fromLocalInput(due),
      priority,
      assigneeId: assigneeId || null,
      notes,
    };
    setBusy(true);
    try {
      const saved = task
        ? await tasksApi.patch(task.id, {
            ...fields,
            personId: person?.id ?? null,
            companyId: company?.id ?? null,
          })
        : await tasksApi.create({
            ...fields,
            personId: relatedTo?.personId ?? person?.id ?? null,
            companyId: relatedTo?.companyId ?? company?.id ?? null,
            dealId: relatedTo?.dealId ?? null,
          });
      enqueueSnackbar(task ? t('saved') : t('added'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [
              field,
              messages[0] ?? '',
            ]),
          ),
        );
      } else {
        enqueueSnackbar(
          error instanceof ApiError && error.detail ? error.detail : t('errors.save'),
          {
            variant: 'error',
          },
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={`${id}-title`}>
          {task ? t('form.editTitle') : t('form.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('fields.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              autoFocus
              error={Boolean(errors.title)}
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: TASK_TITLE_MAX } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('fields.type')}
                value={type}
                onChange={(e) => setType(e.target.value as TaskType)}
                sx={{ flex: 1 }}
              >
                {taskTypes.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`type.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('fields.priority')}
                value={priority}
                onChange={(e) => setPriority(e.target.value as TaskPriority)}
                sx={{ flex: 1 }}
              >
                {taskPriorities.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`priority.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="datetime-local"
                label={t('fields.dueAt')}
                value={due}
                onChange={(e) => setDue(e.target.value)}
                error={Boolean(errors.dueAt)}
                helperText={errors.dueAt}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label={t('fields.assignee')}
                value={assigneeId}
                onChange={(e) => setAssigneeId(e.target.value)}
                error={Boolean(errors.assigneeId)}
                helperText={errors.assigneeId}
                sx={{ flex: 1 }}
              >
                <MenuItem value="">{t('unassigned')}</MenuItem>
                {members.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {memberName(m)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {!relatedTo && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <div style={{ flex: 1 }}>
                  <RecordPicker
                    kind="people"
                    label={t('fields.person')}
                    value={person}
                    onChange={setPerson}
                  />
                </div>
                <div style={{ flex: 1 }}>
                  <RecordPicker
                    kind="companies"
                    label={t('fields.company')}
                    value={company}
                    onChange={setCompany}
                  />
                </div>
              </Stack>
            )}
            <TextField
              label={t('fields.notes')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: TASK_NOTES_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {task ? t('actions.save') : t('actions.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
