import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authInfoResponseSchema,
  currentUserSchema,
  emailOnlyRequestSchema,
  errorBodySchema,
  messageResponseSchema,
  newPasswordRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  tokenErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  type ErrorBody,
  type TokenError,
  verifyEmailRequestSchema,
} from '@beacon/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requireMediaType } from '../../lib/errors.ts';
import { errorAnswer } from '../../plugins/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { type AuthService, toCurrentUser } from './auth.service.ts';

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
  if (body.code === 'INVALID_CREDENTIALS') return 'invalid_grant';
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
    .send({ ...body, ...(oauth ? { error: oauth } : {}) } satisfies TokenError);
}

const tokenErrors = {
  400: tokenErrorSchema,
  401: tokenErrorSchema,
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
  app.post(
    '/register',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { ipRateLimit: 'registerPerIp' },
      preParsing: requireMediaType('application/json'),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and its workspace, with the new user as admin',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/token',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { ipRateLimit: 'tokenPerIp' },
      preParsing: requireMediaType('application/x-www-form-urlencoded'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in (OAuth2 password grant, form-encoded)',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...tokenErrors },
      },
      errorHandler: tokenErrorHandler,
    },
    async (request, reply) => {
      const accessToken = await service.login(request.body.username, request.body.password);
      void reply.headers(noStore);
      return {
        access_token: accessToken,
        token_type: 'bearer' as const,
        expires_in: tokenTtlSeconds,
      };
    },
  );

  app.get(
    '/user/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: currentUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => toCurrentUser(requireAuth(request)),
  );

  app.get(
    '/api/auth/info',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the sign-in page shows: the demo account, when there is one',
        response: { 200: authInfoResponseSchema },
      },
    },
    async () => ({ demo }),
  );

  const codeRoute = {
    bodyLimit: AUTH_BODY_LIMIT,
    config: { ipRateLimit: 'codesPerIp' as const },
    preParsing: requireMediaType('application/json'),
  };

  app.post(
    '/api/auth/verify',
    {
      ...codeRoute,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the code e-mailed at registration',
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.verifyEmail(request.body);
      return { detail: 'Your e-mail address is verified.' };
    },
  );

  app.post(
    '/api/auth/verify/resend',
    {
      ...codeRoute,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new verification code',
        body: emailOnlyRequestSchema,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.resendVerification(request.body.email);
      return reply
        .status(202)
        .send({ detail: 'If the address needs verifying, a new code is on its way.' });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      ...codeRoute,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset code',
        body: emailOnlyRequestSchema,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body.email);
      return reply
        .status(202)
        .send({ detail: 'If an account uses this address, a reset code is on its way.' });
    },
  );

  app.post(
    '/api/auth/new-password',
    {
      ...codeRoute,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed code',
        body: newPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.setNewPassword(request.body);
      return { detail: 'Your password is changed. Sign in with the new one.' };
    },
  );
};
