import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthResponseSchema, readyResponseSchema } from '@beacon/contract';
import { AppError } from '../../lib/errors.ts';

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  app.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: readyResponseSchema, 503: errorBodySchema } },
    },
    async () => {
      try {
        await ping();
      } catch {
        throw new AppError('NOT_READY', 'The database is not answering');
      }
      return { status: 'ready' as const, database: 'ok' as const };
    },
  );
};
