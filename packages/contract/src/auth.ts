import { z } from './z.ts';
import { PASSWORD_MAX, PASSWORD_MIN, MEMBER_ROLES } from './values.ts';
import { errorBodySchema } from './errors.ts';
import { endpoint } from './endpoint.ts';

/** Trimmed, compared case-insensitively (docs/decisions/003-tokens-and-sign-in.md). */
/** Zod's message for a missing or non-text field, in words a person reads. */
const textError = {
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? 'Required' : 'Must be text',
};

export const emailSchema = z
  .string(textError)
  .trim()
  .min(3)
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export { PASSWORD_MAX, PASSWORD_MIN, MEMBER_ROLES };
export const passwordSchema = z
  .string(textError)
  .min(PASSWORD_MIN, { message: `Use at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Use at most ${PASSWORD_MAX} characters` });

const nameSchema = z.string(textError).trim().min(1, { message: 'Required' }).max(100);

export const roleSchema = z.enum(MEMBER_ROLES);
export type Role = z.infer<typeof roleSchema>;

/** POST /register (its snake_case fields kept). */
export const registerRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    first_name: nameSchema,
    last_name: nameSchema,
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z
  .object({
    access_token: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    error: z.string().optional(),
  })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * The grant of POST /token's second step when two-factor sign-in is on: the `mfa_token` of the
 * first step's `mfa_required` answer, with an authenticator code (`otp`) or a recovery code
 * (docs/decisions/046-account-and-security.md).
 */
export const MFA_GRANT = 'mfa_otp';

/**
 * POST /token: form-encoded OAuth2 password grant (`username`, `password`), or its second step
 * (`grant_type=mfa_otp`, `mfa_token` and `otp` or `recovery_code`).
 */
export const tokenRequestSchema = z
  .object({
    username: z.string(textError).max(254).optional(),
    password: z.string(textError).max(PASSWORD_MAX).optional(),
    grant_type: z.enum(['password', MFA_GRANT]).optional(),
    mfa_token: z.string(textError).max(2000).optional(),
    otp: z.string(textError).max(20).optional(),
    recovery_code: z.string(textError).max(40).optional(),
    scope: z.string().max(200).optional(),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    const required = (field: keyof typeof body) => {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'Required' });
    };
    if (body.grant_type === MFA_GRANT) {
      required('mfa_token');
      if (body.otp === undefined && body.recovery_code === undefined) required('otp');
    } else {
      required('username');
      required('password');
    }
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    /** Seconds until the token expires (JWT_TTL): a client signs in again after that. */
    expires_in: z.number().int(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth2's error codes (RFC 6749 section 5.2) that POST /token answers. */
export const tokenErrorCodes = [
  'invalid_request',
  'invalid_grant',
  'unsupported_grant_type',
  'mfa_required',
] as const;

/**
 * An error of POST /token: the usual `{ detail, code }` plus OAuth2's `error`, so stock OAuth2
 * clients know a bad password (`invalid_grant`) from a bad request.
 */
export const tokenErrorSchema = errorBodySchema
  .extend({
    error: z.enum(tokenErrorCodes).optional(),
    /** With `mfa_required`: the short-lived token of the second step (five minutes). */
    mfa_token: z.string().optional(),
  })
  .meta({ id: 'TokenError' });
export type TokenError = z.infer<typeof tokenErrorSchema>;

/** GET /user/me: one of the three auth calls, so snake_case like the others. */
export const currentUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: roleSchema,
    email_verified: z.boolean(),
    workspace: z.object({ id: z.string(), name: z.string() }),
    created_at: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });

/** POST /api/auth/verify: confirms the e-mail with the code sent at registration. */
export const verifyEmailRequestSchema = z
  .object({ email: emailSchema, code: verificationCodeSchema })
  .meta({ id: 'VerifyEmailRequest' });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/auth/verify/resend and POST /api/auth/reset-password. */
export const emailOnlyRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'EmailOnlyRequest' });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequestSchema>;

/** POST /api/auth/new-password: sets a new password with the e-mailed code. */
export const newPasswordRequestSchema = z
  .object({ email: emailSchema, code: verificationCodeSchema, password: passwordSchema })
  .meta({ id: 'NewPasswordRequest' });
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

/** A plain acknowledgement: `detail` is a human-readable sentence. */
export const messageResponseSchema = z
  .object({ detail: z.string() })
  .meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Public facts the sign-in page shows (demo credentials when the demo is seeded). */
export const authInfoResponseSchema = z
  .object({
    demo: z.object({ email: z.string(), password: z.string() }).nullable(),
  })
  .meta({ id: 'AuthInfo' });
export type AuthInfoResponse = z.infer<typeof authInfoResponseSchema>;

/**
 * The auth API (`apps/server/src/modules/auth/auth.routes.ts`). The sign-in pages call these
 * without loading zod (docs/decisions/043-shell-data-and-first-load.md): they take the method and
 * path from here by type (`apps/web/src/features/auth/api/auth-api.ts`).
 */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/register',
    summary: 'Create an account and its workspace, with the new user as admin',
    body: registerRequestSchema,
    status: 201,
    response: registerResponseSchema,
  }),
  token: endpoint({
    method: 'POST',
    path: '/token',
    summary: 'Sign in (OAuth2 password grant, form-encoded)',
    body: tokenRequestSchema,
    response: tokenResponseSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/user/me',
    summary: 'The signed-in user',
    response: currentUserSchema,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/auth/info',
    summary: 'What the sign-in page shows: the demo account, when there is one',
    response: authInfoResponseSchema,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify',
    summary: 'Confirm the e-mail address with the code e-mailed at registration',
    body: verifyEmailRequestSchema,
    response: messageResponseSchema,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/verify/resend',
    summary: 'E-mail a new verification code',
    body: emailOnlyRequestSchema,
    status: 202,
    response: messageResponseSchema,
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'E-mail a password reset code',
    body: emailOnlyRequestSchema,
    status: 202,
    response: messageResponseSchema,
  }),
  setNewPassword: endpoint({
    method: 'POST',
    path: '/api/auth/new-password',
    summary: 'Set a new password with the e-mailed code',
    body: newPasswordRequestSchema,
    response: messageResponseSchema,
  }),
};
