import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@beacon/contract';
import { AppError } from '../lib/errors.ts';
import { securityHeaders } from './security.ts';

type ZodIssueLike = { path?: PropertyKey[]; message?: string };

/** Turns the route-schema failures into `errors`: one list of messages per field. */
function fieldErrors(
  validation: { instancePath: string; message?: string; params: unknown }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of validation) {
    const issue = (item.params as { issue?: ZodIssueLike } | undefined)?.issue;
    const field =
      issue?.path && issue.path.length > 0
        ? issue.path.map(String).join('.')
        : item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (errors[field] ??= []).push(issue?.message ?? item.message ?? 'Invalid value');
  }
  return errors;
}

const frameworkErrors: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'This content type is not accepted here',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'The request body is empty',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'The Content-Length header does not match the body',
  },
};

/**
 * PostgreSQL errors that only a value sent by the client can cause: text holding a NUL
 * (`invalid byte sequence … 0x00`, 22021) or a JSON `\u0000` it cannot store (22P05).
 */
const unstorableText = new Set(['22021', '22P05']);
function isUnstorableText(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return unstorableText.has(String(e?.code)) || unstorableText.has(String(e?.cause?.code));
}

/**
 * One place maps every failure to a status and `{ detail, code }`. A route that answers more
 * (POST /token adds OAuth2's `error`) starts from this answer.
 */
export function errorAnswer(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): { status: number; body: ErrorBody } {
  let status: number;
  let body: ErrorBody;
  if (error instanceof AppError) {
    status = error.status;
    body = { detail: error.detail, code: error.code };
    if (error.errors) body.errors = error.errors;
    if (error.headers) void reply.headers(error.headers);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error.validation);
    const first = Object.entries(errors)[0];
    status = 400;
    body = {
      detail: first ? `${first[0]}: ${first[1][0] ?? 'Invalid value'}` : 'Invalid request',
      code: 'VALIDATION_FAILED',
      errors,
    };
  } else if (error.code && frameworkErrors[error.code]) {
    const known = frameworkErrors[error.code]!;
    status = known.status;
    body = { detail: known.detail, code: known.code };
  } else if (isUnstorableText(error)) {
    status = 400;
    body = {
      detail: 'A text in the request holds a character that cannot be stored (NUL, U+0000)',
      code: 'BAD_REQUEST',
    };
  } else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    status = 400;
    body = { detail: 'The request body is not valid JSON', code: 'BAD_REQUEST' };
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    body = {
      detail: error.message || 'Bad request',
      code: status === 404 ? 'NOT_FOUND' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST',
    };
  } else {
    request.log.error({ err: error }, 'unhandled error');
    status = 500;
    body = { detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
  }
  if (status >= 500 && error instanceof AppError) request.log.error({ err: error }, error.detail);
  return { status, body };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorAnswer(error, request, reply);
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

export function notFoundBody(method: string, url: string): ErrorBody {
  return { detail: `No route for ${method} ${url.split('?')[0]}`, code: 'NOT_FOUND' };
}

/** Errors of the router, before any route runs (Fastify's `frameworkErrors` option). */
const routerErrors: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'The address holds a malformed percent-escape (such as %E0%A4%A or %zz)',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'BAD_REQUEST',
    detail: 'A part of the address is too long (at most 100 characters)',
  },
};

/**
 * Fastify's `frameworkErrors` option: a malformed percent-escape or an over-long path part is
 * refused by the router itself, which would otherwise answer `{ error, message, statusCode }`.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = routerErrors[error.code];
  if (!known) request.log.error({ err: error }, 'router error');
  const { status, code, detail } = known ?? {
    status: 500,
    code: 'INTERNAL' as const,
    detail: 'Something went wrong on our side. Please try again.',
  };
  // No hook has run: the security headers are set here, as for every other answer.
  void reply
    .headers(securityHeaders())
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ detail, code } satisfies ErrorBody);
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before Fastify sees a
 * request (a Content-Length that is not a number, both Content-Length and chunked, a header with
 * control characters, headers over 16 KiB, a request that never ends). The answer is written to
 * the socket, which is then closed, as Fastify's own handler does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ detail, code: 'BAD_REQUEST' } satisfies ErrorBody);
  if (socket.writable) {
    const headers = Object.entries(securityHeaders())
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
