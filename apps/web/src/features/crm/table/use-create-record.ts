import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newCompanySchema, newPersonSchema, type Company, type Person } from '@beacon/contract';
import { ApiError } from '../../../lib/http.ts';
import { companiesApi, peopleApi, type CrmEntity } from '../api/crm-api.ts';
import { fieldErrorKeys } from '../state/form-errors.ts';
import { crmErrorText } from '../utils/error-text.ts';

/** A select's "none" value: sent as `null`. */
export const NONE = '';
const NULLABLE = new Set(['ownerId', 'size', 'companyId']);

/**
 * Creating a person or a company from a form's values: checked with the contract's schema, then
 * sent. Field errors are translation keys of the `crm` namespace; the form error is a text.
 * Both the quick-add row and the "New person" dialog create through this.
 */
export function useCreateRecord(entity: CrmEntity) {
  const { t } = useTranslation('crm');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The person who already has the e-mail just refused, when the server said so. */
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  // Two Enter presses before React draws again would both see `busy` false: a ref sees the first.
  const inFlight = useRef(false);

  const reset = useCallback(() => {
    setErrors({});
    setFormError(null);
    setDuplicate(null);
  }, []);

  /** A field was changed: its own error (and the form's) no longer holds. */
  const clearError = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
    setFormError(null);
    if (field === 'email') setDuplicate(null);
  }, []);

  /** Answers the new record, or null when the values were refused (the errors say why). */
  const create = async (
    values: Record<string, string>,
    options: { allowDuplicate?: boolean } = {},
  ): Promise<Person | Company | null> => {
    if (inFlight.current) return null;
    const input: Record<string, unknown> = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, NULLABLE.has(k) && v === NONE ? null : v]),
    );
    if (options.allowDuplicate && entity === 'people') input.allowDuplicate = true;
    const parsed =
      entity === 'people' ? newPersonSchema.safeParse(input) : newCompanySchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorKeys(parsed.error));
      return null;
    }
    reset();
    inFlight.current = true;
    setBusy(true);
    try {
      return entity === 'people'
        ? await peopleApi.create(parsed.data as Parameters<typeof peopleApi.create>[0])
        : await companiesApi.create(parsed.data as Parameters<typeof companiesApi.create>[0]);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DUPLICATE_EMAIL') {
        setErrors({ email: 'validation.emailTaken' });
        setDuplicate(await findDuplicate(String(input.email ?? '')));
      } else if (error instanceof ApiError && error.status === 409 && entity === 'companies') {
        setErrors({ domain: 'validation.domainTaken' });
      } else if (error instanceof ApiError && error.fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.keys(error.fieldErrors).map((field) => [field, 'validation.required']),
          ),
        );
        setFormError(crmErrorText(t, error));
      } else {
        setFormError(crmErrorText(t, error));
      }
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { create, errors, formError, busy, reset, clearError, duplicate };
}

/** Who already has an e-mail: what the "already there" notice names and links to. */
export interface Duplicate {
  email: string;
  /** Absent when the person could not be read (the notice then names the e-mail only). */
  person?: Person;
}

async function findDuplicate(email: string): Promise<Duplicate> {
  const address = email.trim().toLowerCase();
  try {
    const page = await peopleApi.list({
      filters: [{ field: 'email', op: 'equals', value: address }],
      limit: 1,
    });
    return page.items[0] ? { email: address, person: page.items[0] } : { email: address };
  } catch {
    return { email: address };
  }
}
