import type { Task, TaskQuery } from '@beacon/contract';
import { fromZonedInput, toZonedInput } from './zoned-time.ts';

/** The tabs of the tasks screen, in order, and the list query of each. */
export const TASK_TABS = ['today', 'overdue', 'upcoming', 'done'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export function tabQuery(tab: TaskTab, mine: boolean): TaskQuery {
  const base: TaskQuery = mine ? { mine: 'true' } : {};
  if (tab === 'done') return { ...base, status: 'closed', sort: '-completedAt' };
  return { ...base, due: tab, sort: 'dueAt' };
}

export function isTaskTab(value: string | null): value is TaskTab {
  return value !== null && (TASK_TABS as readonly string[]).includes(value);
}

/** `datetime-local` input text (local wall time) of an ISO instant, or ''. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a `datetime-local` text (the browser's zone), or null when empty or invalid. */
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Snoozing: the next due time from `now` (an hour later, or tomorrow at 9:00). With `zone` (the
 * assignee's), 9:00 on their clock; else on this device's.
 */
export function snoozeUntil(kind: 'hour' | 'tomorrow', now = new Date(), zone?: string): string {
  if (kind === 'hour') return new Date(now.getTime() + 3_600_000).toISOString();
  if (zone) {
    const today = toZonedInput(now.toISOString(), zone).slice(0, 10);
    const next = new Date(`${today}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return fromZonedInput(`${next.toISOString().slice(0, 10)}T09:00`, zone)!;
  }
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(9, 0, 0, 0);
  return next.toISOString();
}

/**
 * The queue: the member's due tasks one at a time. `done` holds the ids already dealt with in
 * this run (completed, skipped, snoozed): they leave the queue even before the list is read again.
 */
export type QueueState = { ids: string[]; index: number; handled: string[] };

export const queueStart = (ids: string[]): QueueState => ({ ids, index: 0, handled: [] });

/** The queue after the list was read again: new due tasks join at the end, gone ones leave. */
export function queueRefreshed(state: QueueState, ids: string[]): QueueState {
  const current = state.ids[state.index];
  const kept = state.ids.filter((id) => ids.includes(id) || state.handled.includes(id));
  const added = ids.filter((id) => !kept.includes(id));
  const next = [...kept, ...added];
  const at = current ? next.indexOf(current) : -1;
  return { ...state, ids: next, index: at >= 0 ? at : Math.min(state.index, next.length) };
}

/** The next task not yet dealt with after the current one (wrapping), or the end. */
export function queueNext(state: QueueState, handledId?: string): QueueState {
  const handled = handledId ? [...state.handled, handledId] : state.handled;
  const open = (i: number) => !handled.includes(state.ids[i]!);
  for (let step = 1; step <= state.ids.length; step++) {
    const i = (state.index + step) % state.ids.length;
    if (open(i)) return { ...state, handled, index: i };
  }
  return { ...state, handled, index: state.ids.length };
}

export const queueCurrent = (state: QueueState): string | null =>
  state.index < state.ids.length && !state.handled.includes(state.ids[state.index]!)
    ? state.ids[state.index]!
    : null;

/** How many are left (the current one included). */
export const queueLeft = (state: QueueState) =>
  state.ids.filter((id) => !state.handled.includes(id)).length;

/** The keys of the queue, by action. */
export const QUEUE_KEYS = {
  complete: 'c',
  skip: 's',
  snooze: 'z',
  next: 'n',
  exit: 'Escape',
} as const;
export type QueueAction = keyof typeof QUEUE_KEYS;

/** The action of a key press, or null (typing in a field, or a modifier held). */
export function queueActionOf(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}): QueueAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target as HTMLElement | null;
  if (
    target &&
    typeof target.closest === 'function' &&
    target.closest('input, textarea, select, [contenteditable="true"]')
  )
    return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === 'ArrowRight' || key === 'ArrowLeft') return 'next';
  for (const [action, k] of Object.entries(QUEUE_KEYS)) if (k === key) return action as QueueAction;
  return null;
}

/** Tasks of a tab, kept apart from the ones changed in this tab (already shown as changed). */
export const taskIds = (tasks: Task[]) => tasks.map((t) => t.id);
