import { z } from 'zod';
import { taskFields, type NewTask, type Task, type TaskPatch } from '@beacon/contract';
import { fromZonedInput, toZonedInput } from './zoned-time.ts';

/** A person or company chosen in the shared picker (components/record-picker.tsx). */
const picked = z.object({ id: z.string(), label: z.string(), secondary: z.string() }).nullable();

/**
 * The task form's values, checked with the contract's own fields (title, type, priority, notes:
 * their limits are written once there). The due time is the `datetime-local` text on the
 * assignee's clock; the assignee is '' for nobody.
 */
export const taskFormSchema = z.object({
  title: taskFields.title,
  type: taskFields.type,
  priority: taskFields.priority,
  notes: taskFields.notes,
  dueAt: z.string().refine((text) => text === '' || fromZonedInput(text, 'UTC') !== null, {
    message: 'Not a date and time',
    params: { reason: 'badDate' },
  }),
  assigneeId: z.string(),
  person: picked,
  company: picked,
});
export type TaskFormValues = z.input<typeof taskFormSchema>;
export type TaskFormOutput = z.output<typeof taskFormSchema>;

/** The form's fields that a server's field error may land on. */
export const taskFormFields = [
  'title',
  'type',
  'priority',
  'notes',
  'dueAt',
  'assigneeId',
] as const;

/** The values of a task in the form (a new one when null), its due time on `zone`'s clock. */
export function taskFormValues(
  task: Task | null,
  currentUserId: string | null,
  zone: string,
): TaskFormValues {
  return {
    title: task?.title ?? '',
    type: task?.type ?? 'todo',
    priority: task?.priority ?? 'normal',
    notes: task?.notes ?? '',
    dueAt: toZonedInput(task?.dueAt ?? null, zone),
    assigneeId: task ? (task.assigneeId ?? '') : (currentUserId ?? ''),
    person: task?.personId ? { id: task.personId, label: task.personName, secondary: '' } : null,
    company: task?.companyId
      ? { id: task.companyId, label: task.companyName, secondary: '' }
      : null,
  };
}

/** What the form sends: the due time read on the assignee's clock (`zone`). */
export function taskFromForm(values: TaskFormOutput, zone: string): NewTask & TaskPatch {
  return {
    title: values.title,
    type: values.type,
    priority: values.priority,
    notes: values.notes,
    dueAt: values.dueAt ? fromZonedInput(values.dueAt, zone) : null,
    assigneeId: values.assigneeId || null,
    personId: values.person?.id ?? null,
    companyId: values.company?.id ?? null,
  };
}
