import type { Caller } from '../caller.ts';
import { AppError, notFound } from '../errors.ts';
import { nonMembers } from '../../modules/members/members.repository.ts';
import type { ActivityValues } from './activity.ts';
import type { Executor } from './sql.ts';

export type { Caller };

/** An owner must be an active member of the caller's workspace; any other id is a 404. */
export async function checkOwner(db: Executor, caller: Caller, ownerId: string | null | undefined) {
  if (!ownerId) return;
  if ((await nonMembers(db, caller.workspaceId, [ownerId])).length > 0) {
    throw notFound('No such member in your workspace');
  }
}

/** How a value shows in a `field_changed` activity. */
export function display(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return display(a) === display(b) && Array.isArray(a) === Array.isArray(b);
}

/**
 * The fields of a patch that change the record, in the order of `fields`: the new values, and a
 * `field_changed` activity for each. A field the patch leaves out (undefined) is not looked at.
 */
export function changedFields(
  fields: readonly string[],
  old: Record<string, unknown>,
  wanted: Record<string, unknown>,
): { next: Record<string, unknown>; changes: ActivityValues[] } {
  const next: Record<string, unknown> = {};
  const changes: ActivityValues[] = [];
  for (const field of fields) {
    if (wanted[field] === undefined || sameValue(old[field], wanted[field])) continue;
    next[field] = wanted[field];
    changes.push({
      kind: 'field_changed',
      field,
      oldValue: display(old[field]),
      newValue: display(wanted[field]),
    });
  }
  return { next, changes };
}

/**
 * A change made on an older version of the record is refused (409 `EDIT_CONFLICT`): `expected`
 * is the `updatedAt` the client read, `current` the record's, read under a row lock.
 */
export function checkUnchanged(current: Date, expected: string | undefined, noun: string) {
  if (expected === undefined || current.getTime() === Date.parse(expected)) return;
  throw new AppError(
    'EDIT_CONFLICT',
    `Someone else changed this ${noun} after you opened it, so your change was not saved`,
  );
}
