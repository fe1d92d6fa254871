import {
  companyFieldKinds,
  companySizes,
  consentStatuses,
  dealFieldKinds,
  dealStageKinds,
  filterOperators,
  personEmailStatuses,
  personFieldKinds,
  personStages,
  revenueRanges,
  seniorities,
  type FilterCondition,
  type FilterFieldKind,
} from '@beacon/contract';
import type { CrmEntity } from '../api/record-query.ts';

export type FilterOp = FilterCondition['op'];

/** The kind of each filterable field of an entity (the contract's table). */
export function fieldKinds(entity: CrmEntity): Record<string, FilterFieldKind> {
  return entity === 'people'
    ? personFieldKinds
    : entity === 'deals'
      ? dealFieldKinds
      : companyFieldKinds;
}

/**
 * The choices of a field whose values are records of the workspace (a deal's stage), given by
 * the screen that knows them; null for other fields.
 */
export type FieldChoices = Record<string, { value: string; label: string }[]>;

/**
 * The fields the filter builder offers. `companyId` is left out: people are filtered by company
 * name (a picker over a hundred thousand companies would be a search of its own).
 */
export function builderFields(entity: CrmEntity, choices: FieldChoices = {}): string[] {
  return Object.keys(fieldKinds(entity)).filter(
    (field) =>
      !HIDDEN_FIELDS.has(field) &&
      (fieldKinds(entity)[field] !== 'ref' || field === 'ownerId' || field in choices),
  );
}

/** Picked by another way (a company by its name, a person from their page). */
const HIDDEN_FIELDS = new Set(['companyId', 'personId']);

export function operatorsFor(entity: CrmEntity, field: string): readonly FilterOp[] {
  const kind = fieldKinds(entity)[field];
  return kind ? filterOperators[kind] : [];
}

/** The fixed choices of an enum field, or null for other fields. */
export function enumOptions(field: string): readonly string[] | null {
  switch (field) {
    case 'stage':
      return personStages;
    case 'seniority':
      return seniorities;
    case 'consentStatus':
      return consentStatuses;
    case 'emailStatus':
      return personEmailStatuses;
    case 'size':
      return companySizes;
    case 'revenueRange':
      return revenueRanges;
    case 'status':
      return dealStageKinds;
    case 'stale':
      return ['true', 'false'];
    default:
      return null;
  }
}

/** Operators that take no value. */
export const VALUELESS_OPS: readonly FilterOp[] = ['empty', 'not_empty'];

/** The shape of the value an operator takes. */
export function valueShape(op: FilterOp): 'none' | 'string' | 'array' | 'range' {
  switch (op) {
    case 'empty':
    case 'not_empty':
      return 'none';
    case 'in':
    case 'has_any':
    case 'has_all':
      return 'array';
    case 'between':
      return 'range';
    default:
      return 'string';
  }
}

/** A new condition on a field: its first operator and an empty value. */
export function newCondition(entity: CrmEntity, field: string): FilterCondition {
  const op = operatorsFor(entity, field)[0] ?? 'equals';
  return withOperator({ field, op }, op);
}

/** Changes the operator, keeping what can be kept of the value. */
export function withOperator(condition: FilterCondition, op: FilterOp): FilterCondition {
  const shape = valueShape(op);
  const value = condition.value;
  if (shape === 'none') return { field: condition.field, op };
  if (shape === 'range') {
    return {
      field: condition.field,
      op,
      value: typeof value === 'object' && !Array.isArray(value) ? value : {},
    };
  }
  if (shape === 'array') {
    const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
    return { field: condition.field, op, value: list };
  }
  const text = typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';
  return { field: condition.field, op, value: text };
}

/** Whether a condition is known for the entity, valid for its field and has a value to send. */
export function isCompleteCondition(entity: CrmEntity, condition: FilterCondition): boolean {
  if (!operatorsFor(entity, condition.field).includes(condition.op)) return false;
  const { value } = condition;
  switch (valueShape(condition.op)) {
    case 'none':
      return true;
    case 'string':
      return typeof value === 'string' && value.trim() !== '';
    case 'array':
      return Array.isArray(value) && value.length > 0;
    case 'range':
      return (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Boolean(value.from || value.to)
      );
  }
}

/** `2026-03-01` (a day in the date input) -> the instant that day starts, UTC. */
export function dayToInstant(day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00.000Z` : undefined;
}

/** The day after `day`, as an instant: a range "to" day is inclusive for people, exclusive on the wire. */
export function dayEndToInstant(day: string): string | undefined {
  const start = dayToInstant(day);
  if (!start) return undefined;
  const next = new Date(Date.parse(start) + 86_400_000);
  return next.toISOString();
}

/** The day an instant falls on (UTC), for the date input. */
export function instantToDay(instant: string | undefined): string {
  return instant ? instant.slice(0, 10) : '';
}

/** The inclusive last day of an exclusive "to" instant. */
export function instantEndToDay(instant: string | undefined): string {
  if (!instant) return '';
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  return new Date(time - 86_400_000).toISOString().slice(0, 10);
}
