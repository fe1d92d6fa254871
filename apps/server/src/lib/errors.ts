import type { ErrorCode } from '@beacon/contract';

/** A domain error: modules throw these; one handler maps them to `{ detail, code }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const unauthenticated = (detail = 'Sign in to continue') =>
  new AppError(401, 'UNAUTHENTICATED', detail, undefined, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail = 'Your role does not allow this') =>
  new AppError(403, 'FORBIDDEN', detail);
export const notFound = (detail = 'Not found') => new AppError(404, 'NOT_FOUND', detail);
export const badRequest = (code: ErrorCode, detail: string) => new AppError(400, code, detail);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(
    429,
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
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as ${expected}`);
    }
    return payload;
  };
}
