import type {
  accountEndpoints,
  authEndpoints,
  AuthInfoResponse,
  CurrentUser,
  EmailOnlyRequest,
  MessageResponse,
  NewPasswordRequest,
  RegisterRequest,
  RegisterResponse,
  TokenResponse,
  VerifyEmailRequest,
} from '@beacon/contract';
import { MEMBER_ROLES } from '@beacon/contract/values';
import { request, type ResponseSchema } from '../../../lib/http.ts';

/**
 * What `POST /register` answers. The spec lets a completed registration carry an `error` and no
 * token, so the web reads every field as optional and decides from what is there.
 */
export type RegisterResult = Partial<RegisterResponse>;

/*
 * The session (in the first bundle of every page) and the sign-in page call this module, so it
 * imports the contract's schemas on demand: zod then loads with the first call that needs it,
 * while that call is under way, instead of with the page. The two answers a page needs before it
 * can draw, `/user/me` (every signed-in page) and `/api/auth/info` (sign-in), are checked by hand
 * against the contract's shape instead, so that no page waits for zod and the contract's schemas
 * to load and run (docs/decisions/017-sign-in-bundle.md). auth-api.test.ts keeps each check in
 * step with its schema.
 */
const contract = () => import('@beacon/contract');

/** The contract's `MFA_GRANT`, kept here so that the sign-in page loads no zod. */
export const MFA_GRANT_TYPE = 'mfa_otp';

/**
 * The method and path of each auth call, from the contract's `authEndpoints` by type only: the
 * compiler rejects a method or path that is not the contract's, and no zod loads with the page
 * (the endpoints' schemas are zod). auth-api.test.ts compares them with the contract's at run time
 * too (docs/decisions/043-shell-data-and-first-load.md).
 */
export const authCalls = {
  register: { method: 'POST', path: '/register' },
  token: { method: 'POST', path: '/token' },
  me: { method: 'GET', path: '/user/me' },
  info: { method: 'GET', path: '/api/auth/info' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify' },
  resendVerification: { method: 'POST', path: '/api/auth/verify/resend' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/reset-password' },
  setNewPassword: { method: 'POST', path: '/api/auth/new-password' },
} as const satisfies {
  [K in keyof typeof authEndpoints]: Pick<(typeof authEndpoints)[K], 'method' | 'path'>;
};

/**
 * `DELETE /api/account/sessions/:id` of the account API (`accountEndpoints.revokeSession`): signing
 * out ends the token's session on the server, so the token stops working everywhere at once.
 */
export const signOutCall = {
  method: 'DELETE',
  path: '/api/account/sessions/:id',
} as const satisfies Pick<(typeof accountEndpoints)['revokeSession'], 'method' | 'path'>;

export const authApi = {
  /** POST /token, second step of a two-factor sign-in: the first step's token and a code. */
  tokenSecondStep: (
    mfaToken: string,
    code: { otp: string } | { recoveryCode: string },
  ): Promise<TokenResponse> =>
    request(authCalls.token.path, {
      method: authCalls.token.method,
      form: {
        grant_type: MFA_GRANT_TYPE,
        mfa_token: mfaToken,
        ...('otp' in code ? { otp: code.otp } : { recovery_code: code.recoveryCode }),
      },
      schema: () => contract().then((c) => c.tokenResponseSchema),
    }),

  /** Ends the session of `sessionId` (the token's own `sid` when signing out). */
  signOut: (sessionId: string): Promise<unknown> =>
    request(signOutCall.path.replace(':id', encodeURIComponent(sessionId)), {
      method: signOutCall.method,
      schema: { parse: (data: unknown) => data },
    }),

  /** POST /token: the OAuth2 password grant, form-encoded. */
  token: (email: string, password: string): Promise<TokenResponse> =>
    request(authCalls.token.path, {
      method: authCalls.token.method,
      form: { username: email, password, grant_type: 'password' },
      schema: () => contract().then((c) => c.tokenResponseSchema),
    }),

  me: (): Promise<CurrentUser> =>
    request(authCalls.me.path, { method: authCalls.me.method, schema: currentUserCheck }),

  register: (body: RegisterRequest): Promise<RegisterResult> =>
    request(authCalls.register.path, {
      method: authCalls.register.method,
      json: body,
      schema: () => contract().then((c) => c.registerResponseSchema.partial()),
    }),

  verifyEmail: (body: VerifyEmailRequest): Promise<MessageResponse> =>
    request(authCalls.verifyEmail.path, {
      method: authCalls.verifyEmail.method,
      json: body,
      schema: messageSchema,
    }),

  resendVerification: (body: EmailOnlyRequest): Promise<MessageResponse> =>
    request(authCalls.resendVerification.path, {
      method: authCalls.resendVerification.method,
      json: body,
      schema: messageSchema,
    }),

  requestPasswordReset: (body: EmailOnlyRequest): Promise<MessageResponse> =>
    request(authCalls.requestPasswordReset.path, {
      method: authCalls.requestPasswordReset.method,
      json: body,
      schema: messageSchema,
    }),

  setNewPassword: (body: NewPasswordRequest): Promise<MessageResponse> =>
    request(authCalls.setNewPassword.path, {
      method: authCalls.setNewPassword.method,
      json: body,
      schema: messageSchema,
    }),

  /** The sign-in page asks this as it opens, so it is checked without zod (`authInfoSchema`). */
  info: (signal?: AbortSignal): Promise<AuthInfoResponse> =>
    request(authCalls.info.path, {
      method: authCalls.info.method,
      schema: authInfoSchema,
      signal,
    }),
};

function messageSchema() {
  return contract().then((c) => c.messageResponseSchema);
}

/** `authInfoResponseSchema` of the contract, by hand: `{ demo: { email, password } | null }`. */
export const authInfoSchema: ResponseSchema<AuthInfoResponse> = {
  parse(data) {
    const demo = isRecord(data) ? data.demo : undefined;
    if (demo === null) return { demo: null };
    if (isRecord(demo) && isString(demo.email) && isString(demo.password)) {
      return { demo: { email: demo.email, password: demo.password } };
    }
    throw new TypeError('The sign-in info does not match the contract');
  },
};

/** `currentUserSchema` of the contract, by hand; like zod, it keeps only the known fields. */
export const currentUserCheck: ResponseSchema<CurrentUser> = {
  parse(data) {
    if (!isRecord(data)) throw new TypeError('The current user does not match the contract');
    const { id, email, first_name, last_name, role, email_verified, workspace, created_at } = data;
    if (
      isString(id) &&
      isString(email) &&
      isString(first_name) &&
      isString(last_name) &&
      MEMBER_ROLES.some((known) => known === role) &&
      typeof email_verified === 'boolean' &&
      isRecord(workspace) &&
      isString(workspace.id) &&
      isString(workspace.name) &&
      isString(created_at)
    ) {
      return {
        id,
        email,
        first_name,
        last_name,
        role: role as CurrentUser['role'],
        email_verified,
        workspace: { id: workspace.id, name: workspace.name },
        created_at,
      };
    }
    throw new TypeError('The current user does not match the contract');
  },
};

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
