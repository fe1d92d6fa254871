import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { accountChangeSchema, passwordChangeSchema, PASSWORD_MAX } from '@beacon/contract';

/**
 * The General tab's form: every field of the contract's change, with the phone checked by the
 * same library the server uses (libphonenumber-js) so a wrong number is caught before sending.
 */
export const generalFormSchema = accountChangeSchema
  .required()
  .refine((values) => values.phone.trim() === '' || isValidPhoneNumber(values.phone), {
    path: ['phone'],
    message: 'phone',
  });
export type GeneralFormValues = z.input<typeof generalFormSchema>;
export const generalFields = [
  'firstName',
  'lastName',
  'phone',
  'timeZone',
  'language',
  'emailSignature',
] as const;

/** Change password: the contract's body, plus the new password typed twice. */
export const passwordFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string().max(PASSWORD_MAX) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'mismatch',
  });
export type PasswordFormValues = z.input<typeof passwordFormSchema>;

/** The IANA time zones the browser knows, for the time zone picker. */
export function timeZoneOptions(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
