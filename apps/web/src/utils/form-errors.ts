/**
 * The shared rules of every form (docs/adding-an-area.md, "Forms"): forms run on react-hook-form
 * with the contract's schema as the resolver (`zodResolver(newDealSchema)`), so the limits live in
 * one place; a field's message is a translation chosen from the zod issue code, never the schema's
 * English text; what the server refuses per field (`fieldErrors` of a 400) lands on those fields.
 */
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiFailure } from '../lib/api.ts';

/** A field error that carries the server's own words (shown as given). */
export const SERVER_ERROR_TYPE = 'server';

/**
 * The translated message of a field's error: by the zod issue code (the resolver's `type`), or
 * the server's words for an error the server gave. An area may pass its own key for a code
 * (`{ custom: 'crm:validation.nameOrEmail' }`).
 */
export function fieldErrorMessage(
  t: TFunction,
  error: FieldError | undefined,
  overrides: Partial<Record<string, string>> = {},
): string | undefined {
  if (!error) return undefined;
  if (error.type === SERVER_ERROR_TYPE) return error.message;
  const own = overrides[String(error.type)];
  if (own) return t(own);
  switch (error.type) {
    case 'too_big':
      return t('common:validation.tooLong');
    case 'too_small':
      return t('common:validation.required');
    case 'invalid_format':
      return t('common:validation.format');
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      return t('common:validation.invalid');
    default:
      return t('common:validation.required');
  }
}

/**
 * Puts the per-field messages of a refused call on the form's fields (those the form has), and
 * answers whether any landed: when none did, the caller shows the call's error as a whole.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  failure: Pick<ApiFailure, 'fieldErrors'> | undefined,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const [field, messages] of Object.entries(failure?.fieldErrors ?? {})) {
    const name = fields.find((candidate) => candidate === field);
    if (!name || !messages[0]) continue;
    setError(name, { type: SERVER_ERROR_TYPE, message: messages[0] });
    applied = true;
  }
  return applied;
}
