import { z } from 'zod';
import {
  PASSWORD_MAX,
  emailSchema,
  newPasswordRequestSchema,
  type NewPasswordRequest,
} from '@beacon/contract';

/**
 * The sign-in form: the contract's e-mail rule, and any non-empty password (the length rule is
 * for choosing a password, not for typing an existing one).
 */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

/** The new-password request plus a confirmation that must match. */
export const newPasswordFormSchema = newPasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;

export function toNewPasswordRequest(
  values: z.output<typeof newPasswordFormSchema>,
): NewPasswordRequest {
  return { email: values.email, code: values.code, password: values.password };
}
