import type { TFunction } from 'i18next';
import type { FilterCondition, Member, RecordList } from '@beacon/contract';
import { memberName } from '../../../utils/members.ts';
import { enumOptions, instantEndToDay, instantToDay, type FieldChoices } from './filter-fields.ts';

export interface LabelContext {
  members: ReadonlyMap<string, Member>;
  lists: readonly RecordList[];
  /** Labelled choices of fields the screen knows (a deal's stages). */
  choices?: FieldChoices;
}

/** One value as the user reads it: a stage's name, a member's name, a list's name. */
export function valueLabel(t: TFunction, field: string, value: string, context: LabelContext) {
  if (field === 'ownerId') {
    const member = context.members.get(value);
    return member ? memberName(member) : value;
  }
  if (field === 'list') return context.lists.find((l) => l.id === value)?.name ?? value;
  const choice = context.choices?.[field]?.find((c) => c.value === value);
  if (choice) return choice.label;
  if (
    enumOptions(field) &&
    (field === 'stage' ||
      field === 'seniority' ||
      field === 'consentStatus' ||
      field === 'emailStatus')
  ) {
    return t(`crm:enums.${field}.${value}` as never);
  }
  return value;
}

/** A chip's text: `Stage is one of Cold, Replied`. */
export function conditionLabel(t: TFunction, condition: FilterCondition, context: LabelContext) {
  const field = t(`crm:fields.${condition.field}` as never);
  const op = t(`crm:ops.${condition.op}` as never);
  const { value } = condition;
  let text = '';
  if (typeof value === 'string') text = valueLabel(t, condition.field, value, context);
  else if (Array.isArray(value)) {
    text = value.map((v) => valueLabel(t, condition.field, v, context)).join(', ');
  } else if (value && typeof value === 'object') {
    text = `${instantToDay(value.from) || '…'} – ${instantEndToDay(value.to) || '…'}`;
  }
  return text ? `${field} ${op} ${text}` : `${field} ${op}`;
}
