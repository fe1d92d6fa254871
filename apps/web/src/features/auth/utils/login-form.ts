import type { LoginFormValues } from './schemas.ts';

export type LoginField = keyof LoginFormValues;

export interface LoginFormCheck {
  /** The values to send (the e-mail trimmed), or null when a field is wrong. */
  data: { email: string; password: string } | null;
  /** Each wrong field's first zod issue code (`too_big`, `invalid_format`, ...). */
  errors: Partial<Record<LoginField, string>>;
}

/**
 * Checks the sign-in form with the contract's rule (`loginFormSchema`). The schema, and zod with
 * it, load on the first check (a submit), not with the page; later checks reuse them.
 */
export async function checkLoginForm(values: LoginFormValues): Promise<LoginFormCheck> {
  const { loginFormSchema } = await import('./schemas.ts');
  const result = loginFormSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginFormCheck['errors'] = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.code;
  }
  return { data: null, errors };
}
