import type { TFunction } from 'i18next';
import type { Activity } from '@beacon/contract';

export interface ActivityText {
  /** What happened, as a sentence. */
  title: string;
  /** For a changed field: its old and new value, each already readable. */
  change?: { from: string; to: string };
}

/** Fields whose values are codes with a translated name. */
const VALUE_KEYS: Record<string, string> = {
  stage: 'stages',
  seniority: 'seniorities',
  consentStatus: 'consent.statuses',
  consentMethod: 'consent.methods',
};

export interface ActivityContext {
  /** The name of a member by id, or null when not known. */
  memberName: (id: string) => string | null;
  /** The name of a company by id, when the page knows it (the person's current company). */
  companyName?: (id: string) => string | null;
}

/** A value of a changed field as the reader should see it. */
export function formatFieldValue(
  t: TFunction,
  field: string,
  value: string | null,
  context: ActivityContext,
): string {
  if (value === null || value.trim() === '' || value === '[]') return t('records:timeline.empty');
  const key = VALUE_KEYS[field];
  if (key) return t(`records:${key}.${value}`, { defaultValue: value });
  if (field === 'ownerId') return context.memberName(value) ?? t('records:timeline.unknownMember');
  if (field === 'companyId')
    return context.companyName?.(value) ?? t('records:timeline.someCompany');
  if (field === 'tags' || field === 'phones' || field === 'additionalEmails') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed))
        return parsed.map(String).join(', ') || t('records:timeline.empty');
    } catch {
      // Not JSON: shown as sent.
    }
  }
  return value;
}

export function fieldLabel(t: TFunction, field: string): string {
  return t(`records:fields.${field}`, { defaultValue: field });
}

/** A mail activity's subject (kept in `newValue`), or a word for none. */
const mailSubject = (t: TFunction, activity: Activity): string =>
  activity.newValue?.trim() || t('records:timeline.noSubject');

/** One entry of the timeline as text. */
export function describeActivity(
  t: TFunction,
  activity: Activity,
  context: ActivityContext,
): ActivityText {
  const actor =
    (activity.actorId && context.memberName(activity.actorId)) || t('records:timeline.someone');
  const list = activity.listName ?? t('records:timeline.aList');
  switch (activity.kind) {
    case 'created':
      return { title: t('records:timeline.created', { actor }) };
    case 'imported':
      return { title: t('records:timeline.imported', { actor }) };
    case 'merged':
      return {
        title: t('records:timeline.merged', { actor }),
        ...(activity.oldValue || activity.newValue
          ? {
              change: {
                from: activity.oldValue || t('records:timeline.empty'),
                to: activity.newValue || t('records:timeline.empty'),
              },
            }
          : {}),
      };
    case 'list_added':
      return { title: t('records:timeline.listAdded', { actor, list }) };
    case 'list_removed':
      return { title: t('records:timeline.listRemoved', { actor, list }) };
    case 'note_added':
      return { title: t('records:timeline.noteAdded', { actor }) };
    case 'email_received':
      return { title: t('records:timeline.emailReceived', { subject: mailSubject(t, activity) }) };
    case 'email_sent':
      return {
        title: t('records:timeline.emailSent', { actor, subject: mailSubject(t, activity) }),
      };
    case 'email_bounced':
      return {
        title: t('records:timeline.emailBounced', { address: activity.newValue ?? '' }),
        ...(activity.oldValue
          ? { change: { from: activity.newValue ?? '', to: activity.oldValue } }
          : {}),
      };
    case 'field_changed': {
      const field = activity.field ?? '';
      return {
        title: t('records:timeline.fieldChanged', { actor, field: fieldLabel(t, field) }),
        change: {
          from: formatFieldValue(t, field, activity.oldValue, context),
          to: formatFieldValue(t, field, activity.newValue, context),
        },
      };
    }
  }
}
