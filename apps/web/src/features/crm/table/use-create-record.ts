import { useCallback, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  newCompanySchema,
  newPersonSchema,
  type Company,
  type NewCompany,
  type NewPerson,
  type Person,
} from '@beacon/contract';
import { isApiFailure } from '../../../lib/api.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import type { CrmEntity } from '../api/record-query.ts';
import { useCreateRecordMutation, useLazyPersonWithEmailQuery } from '../api/records-api.ts';
import { crmErrorText } from '../utils/error-text.ts';

/** A select's "none" value: sent as `null`. */
export const NONE = '';
const NULLABLE = new Set(['ownerId', 'size', 'companyId']);

/** The values of a create form: every field as the text (or select value) it shows. */
export type RecordFormValues = Record<string, string>;

/** The error type of a value another record already has (set from a 409). */
const TAKEN = 'taken';

/**
 * The `crm` words of a field's error, beyond the shared ones (`fieldErrorMessage`): the format of
 * an e-mail, a domain or an address, "a name or an e-mail" of a new person, and a value another
 * record already has.
 */
const OVERRIDES: Record<string, Partial<Record<string, string>>> = {
  firstName: { custom: 'crm:validation.nameOrEmail' },
  email: { invalid_format: 'crm:validation.email', [TAKEN]: 'crm:validation.emailTaken' },
  domain: { invalid_format: 'crm:validation.domain', [TAKEN]: 'crm:validation.domainTaken' },
  linkedinUrl: { invalid_format: 'crm:validation.url' },
};

/** The message of a create form's field. */
export function recordFieldMessage(
  t: TFunction,
  field: string,
  error: FieldError | undefined,
): string | undefined {
  return fieldErrorMessage(t, error, OVERRIDES[field]);
}

/** A form's values as the contract's input: a select's "none" is `null`. */
function toInput(values: RecordFormValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, NULLABLE.has(k) && v === NONE ? null : v]),
  );
}

/** The contract's schema of a new record as the resolver of a form of texts. */
function recordResolver(entity: CrmEntity): Resolver<RecordFormValues> {
  const base = (entity === 'people'
    ? zodResolver(newPersonSchema)
    : zodResolver(newCompanySchema)) as unknown as Resolver<Record<string, unknown>>;
  return (values, context, options) =>
    base(toInput(values), context, options as never) as unknown as ReturnType<
      Resolver<RecordFormValues>
    >;
}

/**
 * A form that creates a person or a company: react-hook-form with the contract's schema as the
 * resolver, then the `createRecord` mutation. Field messages come from `recordFieldMessage`; what
 * the server refuses lands on its field (a taken e-mail or domain, a `fieldErrors` of a 400),
 * anything else is the form's error. Both the quick-add row and the "New person" dialog create
 * through this.
 */
export function useCreateRecordForm(entity: CrmEntity, defaults: RecordFormValues) {
  const { t } = useTranslation('crm');
  const form = useForm<RecordFormValues>({
    resolver: recordResolver(entity),
    defaultValues: defaults,
  });
  const [createRecord, { isLoading }] = useCreateRecordMutation();
  const [findPerson] = useLazyPersonWithEmailQuery();
  const [formError, setFormError] = useState<string | null>(null);
  /** The person who already has the e-mail just refused, when the server said so. */
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  // Two Enter presses before React draws again would both see the form idle: a ref sees the first.
  const inFlight = useRef(false);

  const { reset: resetForm, clearErrors } = form;
  /** Empties the form (or sets it to `values`) and forgets what was refused. */
  const reset = useCallback(
    (values: RecordFormValues = defaults) => {
      resetForm(values);
      setFormError(null);
      setDuplicate(null);
    },
    // `defaults` is the form's first values: a new object each draw, the same values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resetForm],
  );

  /** A field was changed: its own error (and the form's) no longer holds. */
  const changed = useCallback(
    (field: string) => {
      clearErrors(field);
      setFormError(null);
      if (field === 'email') setDuplicate(null);
    },
    [clearErrors],
  );

  /** Answers the new record, or null when the values were refused (the errors say why). */
  const create = async (
    options: { allowDuplicate?: boolean } = {},
  ): Promise<Person | Company | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    let created: Person | Company | null = null;
    try {
      await form.handleSubmit(async (values) => {
        setFormError(null);
        setDuplicate(null);
        const body = values as unknown as Record<string, unknown>;
        if (options.allowDuplicate && entity === 'people') body.allowDuplicate = true;
        try {
          created = await createRecord(
            entity === 'people'
              ? { entity: 'people', body: body as NewPerson }
              : { entity: 'companies', body: body as NewCompany },
          ).unwrap();
        } catch (error) {
          if (isApiFailure(error) && error.code === 'DUPLICATE_EMAIL') {
            form.setError('email', { type: TAKEN });
            const email = String(body.email ?? '')
              .trim()
              .toLowerCase();
            const person = await findPerson(email)
              .unwrap()
              .catch(() => null);
            setDuplicate(person ? { email, person } : { email });
          } else if (isApiFailure(error) && error.status === 409 && entity === 'companies') {
            form.setError('domain', { type: TAKEN });
          } else {
            // The fields the server refused show its words; the form says the call failed.
            if (isApiFailure(error)) {
              applyServerFieldErrors(form.setError, error, Object.keys(defaults));
            }
            setFormError(crmErrorText(t, error));
          }
        }
      })();
    } finally {
      inFlight.current = false;
    }
    return created;
  };

  return { form, create, formError, busy: isLoading, reset, changed, duplicate };
}

/** Who already has an e-mail: what the "already there" notice names and links to. */
export interface Duplicate {
  email: string;
  /** Absent when the person could not be read (the notice then names the e-mail only). */
  person?: Person;
}
