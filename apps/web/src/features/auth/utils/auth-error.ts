/**
 * The fixed English messages of sign-in and registration
 * (docs/decisions/010-web-session-and-errors.md). The UI translates them by `code`.
 */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Try again later.';

export interface AuthErrorOptions {
  code?: string | undefined;
  status?: number | undefined;
  fieldErrors?: Record<string, string[]> | undefined;
  /** With `MFA_REQUIRED`: the token of the sign-in's second step. */
  mfaToken?: string | undefined;
  cause?: unknown;
}

/** What login and register throw: the spec's message, plus the server's code for the UI. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly mfaToken: string | undefined;

  constructor(message: string, options: AuthErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.fieldErrors = options.fieldErrors;
    this.mfaToken = options.mfaToken;
  }
}
