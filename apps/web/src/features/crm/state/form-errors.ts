import type { z } from 'zod';

/** The translation key (crm namespace) for a zod issue of a create form. */
export function issueKey(field: string, code: string): string {
  if (code === 'too_big') return 'validation.tooLong';
  if (field === 'email') return 'validation.email';
  if (field === 'domain') return 'validation.domain';
  if (field === 'linkedinUrl') return 'validation.url';
  if (field === 'firstName' && code === 'custom') return 'validation.nameOrEmail';
  return 'validation.required';
}

/** The first issue per field, as translation keys. */
export function fieldErrorKeys(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in result)) result[field] = issueKey(field, issue.code);
  }
  return result;
}
