import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthEndpoints } from '@beacon/contract';
import { AppError } from '../../lib/errors.ts';
import { openAt } from '../../lib/responses.ts';

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  const tags = ['health'];

  app.route({
    ...openAt(healthEndpoints.health, tags),
    logLevel: 'warn',
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...openAt(healthEndpoints.ready, tags, { 503: errorBodySchema }),
    logLevel: 'warn',
    handler: async () => {
      try {
        await ping();
      } catch {
        throw new AppError('NOT_READY', 'The database is not answering');
      }
      return { status: 'ready' as const, database: 'ok' as const };
    },
  });
};
