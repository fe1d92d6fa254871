import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authEndpoints,
  errorBodySchema,
  MFA_GRANT,
  tokenErrorSchema,
  type ErrorBody,
  type TokenError,
} from '@beacon/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requireMediaType } from '../../lib/errors.ts';
import { openAt } from '../../lib/responses.ts';
import { errorAnswer } from '../../plugins/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestOrigin } from '../audit/audit.repository.ts';
import { type AuthService, MfaRequiredError, toCurrentUser } from './auth.service.ts';

/** Auth bodies are small: 16 KiB is far more than any honest request. */
const AUTH_BODY_LIMIT = 16 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

/** RFC 6749 section 5.1: an answer that holds a token (or says why not) is never cached. */
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** OAuth2's name for an error of POST /token (RFC 6749 section 5.2), next to our own code. */
function oauthError(status: number, body: ErrorBody): TokenError['error'] {
  if (body.code === 'INVALID_CREDENTIALS' || body.code === 'INVALID_MFA_CODE') {
    return 'invalid_grant';
  }
  if (body.code === 'MFA_REQUIRED') return 'mfa_required';
  if (body.errors && Object.hasOwn(body.errors, 'grant_type')) return 'unsupported_grant_type';
  if (status === 400 || status === 413 || status === 415) return 'invalid_request';
  return undefined;
}

/** POST /token's errors: the usual answer, plus `error` and the no-store headers. */
function tokenErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(error, request, reply);
  const oauth = oauthError(status, body);
  return reply
    .status(status)
    .headers(noStore)
    .type('application/json; charset=utf-8')
    .send({
      ...body,
      ...(oauth ? { error: oauth } : {}),
      ...(error instanceof MfaRequiredError ? { mfa_token: error.mfaToken } : {}),
    } satisfies TokenError);
}

const tokenErrors = {
  400: tokenErrorSchema,
  401: tokenErrorSchema,
  403: tokenErrorSchema,
  413: tokenErrorSchema,
  415: tokenErrorSchema,
  429: tokenErrorSchema,
};

export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  demo: { email: string; password: string } | null;
  /** The access token's lifetime (JWT_TTL), answered as `expires_in`. */
  tokenTtlSeconds: number;
}> = async (app, { service, demo, tokenTtlSeconds }) => {
  const tags = ['auth'];

  app.route({
    ...openAt(authEndpoints.register, tags, errors),
    bodyLimit: AUTH_BODY_LIMIT,
    config: { ipRateLimit: 'registerPerIp' },
    preParsing: requireMediaType('application/json'),
    handler: async (request, reply) => {
      const result = await service.register(request.body, requestOrigin(request));
      return reply.status(201).send(result);
    },
  });

  const token = openAt(authEndpoints.token, tags, tokenErrors);
  app.route({
    ...token,
    schema: { ...token.schema, consumes: ['application/x-www-form-urlencoded'] },
    bodyLimit: AUTH_BODY_LIMIT,
    config: { ipRateLimit: 'tokenPerIp' },
    preParsing: requireMediaType('application/x-www-form-urlencoded'),
    errorHandler: tokenErrorHandler,
    handler: async (request, reply) => {
      const { body } = request;
      const origin = requestOrigin(request);
      // The schema made sure the grant's fields are there.
      const accessToken =
        body.grant_type === MFA_GRANT
          ? await service.loginSecondStep(
              body.mfa_token ?? '',
              { otp: body.otp, recoveryCode: body.recovery_code },
              origin,
            )
          : await service.login(body.username ?? '', body.password ?? '', origin);
      void reply.headers(noStore);
      return {
        access_token: accessToken,
        token_type: 'bearer' as const,
        expires_in: tokenTtlSeconds,
      };
    },
  });

  const me = openAt(authEndpoints.me, tags, { 401: errorBodySchema });
  app.route({
    ...me,
    schema: { ...me.schema, security: [{ bearer: [] }] },
    onRequest: app.authenticate,
    handler: async (request) => toCurrentUser(requireAuth(request)),
  });

  app.route({
    ...openAt(authEndpoints.info, tags),
    handler: async () => ({ demo }),
  });

  const codeRoute = {
    bodyLimit: AUTH_BODY_LIMIT,
    config: { ipRateLimit: 'codesPerIp' as const },
    preParsing: requireMediaType('application/json'),
  };

  app.route({
    ...openAt(authEndpoints.verifyEmail, tags, errors),
    ...codeRoute,
    handler: async (request) => {
      await service.verifyEmail(request.body);
      return { detail: 'Your e-mail address is verified.' };
    },
  });

  app.route({
    ...openAt(authEndpoints.resendVerification, tags, errors),
    ...codeRoute,
    handler: async (request, reply) => {
      await service.resendVerification(request.body.email);
      return reply
        .status(202)
        .send({ detail: 'If the address needs verifying, a new code is on its way.' });
    },
  });

  app.route({
    ...openAt(authEndpoints.requestPasswordReset, tags, errors),
    ...codeRoute,
    handler: async (request, reply) => {
      await service.requestPasswordReset(request.body.email);
      return reply
        .status(202)
        .send({ detail: 'If an account uses this address, a reset code is on its way.' });
    },
  });

  app.route({
    ...openAt(authEndpoints.setNewPassword, tags, errors),
    ...codeRoute,
    handler: async (request) => {
      await service.setNewPassword(request.body, requestOrigin(request));
      return { detail: 'Your password is changed. Sign in with the new one.' };
    },
  });
};
