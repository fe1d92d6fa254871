import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { taskPriorities, taskTypes, type Member } from '@beacon/contract';
import { RecordPicker } from '../../../components/record-picker.tsx';
import { fieldErrorMessage } from '../../../utils/form-errors.ts';
import { memberName } from '../../../utils/members.ts';
import { relatedRecords } from '../api/tasks-api.ts';
import type { TaskFormOutput, TaskFormValues } from '../utils/task-form.ts';

const searchPeople = (q: string, signal?: AbortSignal) =>
  relatedRecords.search('people', q, signal);
const searchCompanies = (q: string, signal?: AbortSignal) =>
  relatedRecords.search('companies', q, signal);

export type TaskFieldName =
  'title' | 'type' | 'priority' | 'dueAt' | 'assigneeId' | 'notes' | 'related';

/** The words of the form's refusals (the contract's limits, a date that is no date). */
export const taskFieldMessages = { too_small: 'tasks:form.required', custom: 'tasks:form.badDate' };

export interface TaskFieldsProps {
  control: Control<TaskFormValues, unknown, TaskFormOutput>;
  errors: FieldErrors<TaskFormValues>;
  /** The fields shown, in the form's order (the person and company pickers are `related`). */
  fields: readonly TaskFieldName[];
  /** `inline`: one wrapping row of small fields (a record page's quick add); else the dialog's rows. */
  layout?: 'dialog' | 'inline';
  /** The title's label ("New task" in the quick add). */
  titleLabel?: string;
  autoFocus?: boolean;
  /** Under the due time: its error, else the zone it is entered in when not this device's. */
  dueHelper?: string;
  members?: Member[];
  /** A new assignee: the dialog keeps the due instant and shows it on their clock. */
  onAssigneeChange?: (next: string) => void;
}

/** The dialog's rows: fields side by side from the small breakpoint up. */
const DIALOG_ROWS: TaskFieldName[][] = [
  ['title'],
  ['type', 'priority'],
  ['dueAt', 'assigneeId'],
  ['related'],
  ['notes'],
];

/**
 * The task form's fields, written once for the task dialog and a record page's quick add: each
 * on react-hook-form with the contract's rules (`utils/task-form.ts`), errors under the field.
 */
export function TaskFields({
  control,
  errors,
  fields,
  layout = 'dialog',
  titleLabel,
  autoFocus,
  dueHelper,
  members = [],
  onAssigneeChange,
}: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const inline = layout === 'inline';
  const size = inline ? 'small' : 'medium';
  const message = (error: FieldErrors<TaskFormValues>[keyof TaskFormValues]) =>
    fieldErrorMessage(t, error as Parameters<typeof fieldErrorMessage>[1], taskFieldMessages);
  const grow = inline ? undefined : { flex: 1 };

  const render: Record<TaskFieldName, () => ReactNode> = {
    title: () => (
      <Controller
        control={control}
        name="title"
        render={({ field }) => (
          <TextField
            {...field}
            size={size}
            label={titleLabel ?? t('fields.title')}
            required={!inline}
            autoFocus={autoFocus}
            error={Boolean(errors.title)}
            helperText={message(errors.title)}
            sx={inline ? { flex: '1 1 220px' } : undefined}
          />
        )}
      />
    ),
    type: () => (
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField
            {...field}
            size={size}
            select
            label={t('fields.type')}
            sx={inline ? { width: 150 } : grow}
          >
            {taskTypes.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`type.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    ),
    priority: () => (
      <Controller
        control={control}
        name="priority"
        render={({ field }) => (
          <TextField
            {...field}
            size={size}
            select
            label={t('fields.priority')}
            sx={inline ? { width: 130 } : grow}
          >
            {taskPriorities.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`priority.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    ),
    dueAt: () => (
      <Controller
        control={control}
        name="dueAt"
        render={({ field }) => (
          <TextField
            {...field}
            size={size}
            type="datetime-local"
            label={t('fields.dueAt')}
            error={Boolean(errors.dueAt)}
            helperText={message(errors.dueAt) ?? dueHelper}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={inline ? { width: 220 } : grow}
          />
        )}
      />
    ),
    assigneeId: () => (
      <Controller
        control={control}
        name="assigneeId"
        render={({ field }) => (
          <TextField
            {...field}
            onChange={(e) =>
              onAssigneeChange ? onAssigneeChange(e.target.value) : field.onChange(e)
            }
            size={size}
            select
            label={t('fields.assignee')}
            error={Boolean(errors.assigneeId)}
            helperText={message(errors.assigneeId)}
            sx={inline ? { width: 180 } : grow}
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
    ),
    related: () => (
      <>
        {(
          [
            ['person', searchPeople, 'fields.person'],
            ['company', searchCompanies, 'fields.company'],
          ] as const
        ).map(([name, search, label]) => (
          <Box key={name} sx={{ flex: 1, minWidth: inline ? 200 : 0 }}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <RecordPicker
                  search={search}
                  size={size}
                  noOptionsText={t('form.noMatch')}
                  loadingText={t('form.searching')}
                  label={t(label)}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </Box>
        ))}
      </>
    ),
    notes: () => (
      <Controller
        control={control}
        name="notes"
        render={({ field }) => (
          <TextField
            {...field}
            size={size}
            label={t('fields.notes')}
            multiline
            minRows={inline ? 1 : 3}
            error={Boolean(errors.notes)}
            helperText={message(errors.notes)}
            sx={inline ? { flex: '1 1 220px' } : undefined}
          />
        )}
      />
    ),
  };

  if (inline) {
    return fields.map((name) => <Fragment key={name}>{render[name]()}</Fragment>);
  }
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {DIALOG_ROWS.map((row) => row.filter((name) => fields.includes(name)))
        .filter((row) => row.length > 0)
        .map((row) =>
          row.length === 1 && row[0] !== 'related' ? (
            <Fragment key={row[0]}>{render[row[0]!]()}</Fragment>
          ) : (
            <Stack key={row.join()} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {row.map((name) => (
                <Fragment key={name}>{render[name]()}</Fragment>
              ))}
            </Stack>
          ),
        )}
    </Stack>
  );
}
