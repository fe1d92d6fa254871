import type { ErrorCode } from '@beacon/contract';

/**
 * The HTTP status of each error code: the one place a status is chosen (the error handler in
 * plugins/errors.ts answers it). A new code gets its status here.
 */
export const errorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  EMAIL_TAKEN: 400,
  INVALID_CODE: 400,
  INVITATION_INVALID: 400,
  /** A connected mailbox's IMAP or SMTP server refused the login or could not be reached. */
  MAILBOX_CONNECTION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_MFA_CODE: 401,
  FORBIDDEN: 403,
  MFA_REQUIRED: 403,
  LINK_PASSWORD_REQUIRED: 403,
  LINK_PASSWORD_WRONG: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE_EMAIL: 409,
  EDIT_CONFLICT: 409,
  STAGE_NOT_EMPTY: 409,
  PIPELINE_NOT_EMPTY: 409,
  DEFAULT_PIPELINE: 409,
  LAST_STAGE: 409,
  ACCOUNT_EXISTS: 409,
  ALREADY_INVITED: 409,
  LAST_ADMIN: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An upload would take the workspace past its storage quota (WORKSPACE_QUOTA_BYTES). */
  QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_READY: 503,
};

/** A domain error: modules throw these; one handler maps them to `{ detail, code }`. */
export class AppError extends Error {
  /** From the code, through `errorStatus`. */
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

/** A 400 naming the field at fault: `{ detail: "field: message", errors: { field: [message] } }`. */
export const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { [field]: [message] });

export const unauthenticated = (detail = 'Sign in to continue') =>
  new AppError('UNAUTHENTICATED', detail, undefined, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail = 'Your role does not allow this') =>
  new AppError('FORBIDDEN', detail);
export const notFound = (detail = 'Not found') => new AppError('NOT_FOUND', detail);
export const badRequest = (code: ErrorCode, detail: string) => new AppError(code, detail);
export const conflict = (detail: string) => new AppError('CONFLICT', detail);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(
    'RATE_LIMITED',
    `Too many attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/**
 * A preParsing hook that refuses any other content type with 415, before the body is read, so a
 * body in the wrong format never reaches a parser.
 */
export function requireMediaType(expected: string) {
  return async <T>(
    request: { headers: { 'content-type'?: string } },
    _reply: unknown,
    payload: T,
  ) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== expected) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as ${expected}`);
    }
    return payload;
  };
}

/** A PostgreSQL unique-key violation (23505), from either driver, wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
