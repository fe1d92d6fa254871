import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiter, RateLimits } from '../lib/rate-limiter.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts every request to this route against the named per-address limit. */
    ipRateLimit?: keyof RateLimits;
  }
}

/** Per-address limits run before the body is read, so even malformed requests count. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { limiter: RateLimiter }) => {
    app.addHook('onRequest', async (request) => {
      const name = request.routeOptions.config.ipRateLimit;
      if (!name) return;
      await opts.limiter.hit(`${name}:${request.ip}`, opts.limiter.limits[name]);
    });
  },
  { name: 'beacon-rate-limit' },
);
