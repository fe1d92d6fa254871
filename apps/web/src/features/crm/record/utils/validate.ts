import type { TFunction } from 'i18next';

/** Anything with a zod-like `safeParse`: a field of the contract's patch schemas. */
export interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };
}

interface Issue {
  code: string;
  maximum?: unknown;
  minimum?: unknown;
  format?: string;
  origin?: string;
  path?: readonly PropertyKey[];
}

const FORMAT_KEYS: Record<string, string> = {
  email: 'records:validation.email',
  url: 'records:validation.url',
  regex: 'records:validation.invalid',
};

/** A field whose union's failure means one thing. */
const UNION_KEYS: Record<string, string> = {
  email: 'records:validation.email',
  additionalEmails: 'records:validation.email',
  linkedinUrl: 'records:validation.url',
  domain: 'records:validation.domain',
};

/**
 * Checks a value against its field of the contract schema and answers a translated message, or
 * null. The contract's own messages are English, so the message is chosen from the issue code.
 */
export function validateField(
  t: TFunction,
  field: string,
  schema: FieldSchema | undefined,
  value: unknown,
): string | null {
  if (!schema) return null;
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return t('records:validation.invalid');
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'array'
        ? t('records:validation.tooMany', { max: Number(issue.maximum) })
        : t('records:validation.tooLong', { max: Number(issue.maximum) });
    case 'too_small':
      return t('records:validation.required');
    case 'invalid_format':
      if (field === 'domain') return t('records:validation.domain');
      return t(FORMAT_KEYS[issue.format ?? ''] ?? 'records:validation.invalid');
    case 'invalid_union':
      return t(UNION_KEYS[field] ?? 'records:validation.invalid');
    default:
      return t('records:validation.invalid');
  }
}
