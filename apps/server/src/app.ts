import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createCryptoBox } from './lib/crypto-box.ts';
import { Mailer } from './lib/mailer.ts';
import { defaultRateLimits, RateLimiter, type RateLimits } from './lib/rate-limiter.ts';
import { createSerializerCompiler } from './lib/serializer.ts';
import { createTokenService } from './lib/tokens.ts';
import { Realtime } from './lib/realtime.ts';
import { JobQueue, type JobQueueOptions } from './lib/jobs.ts';
import type { MailOptions, ModuleContext } from './lib/module.ts';
import { startStorage, storageFromConfig, type Storage } from './lib/storage/index.ts';
import { publishCrmChanges } from './lib/records/live.ts';
import { modules } from './modules/modules.ts';
import { authPlugin } from './plugins/auth.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/errors.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Overrides of the auth rate limits (tests). */
  rateLimits?: Partial<RateLimits>;
  /** The built web app; null serves none. Defaults to apps/web/dist. */
  webDir?: string | null;
  /** The demo account the sign-in page offers, when the demo workspace exists. */
  demo?: { email: string; password: string } | null;
  logger?: FastifyServerOptions['logger'];
  /** Options of the background job worker (tests shorten its poll). */
  jobs?: JobQueueOptions;
  /**
   * Serialise every answer through zod too and fail on a difference from the fast serialiser
   * (tests: docs/decisions/027).
   */
  checkResponses?: boolean;
  /** Called for every route as it is registered (the route-table test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** The mail area's test options: mailauth's DNS, the inbound listener's address, undo delay. */
  mail?: MailOptions;
  /** How often an open WebSocket checks its session is still signed in (tests shorten it). */
  realtimeSessionCheckMs?: number;
  /** The storage to use instead of the one the configuration describes (tests, benches). */
  storage?: Storage;
};

export function defaultWebDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, '../../web/dist');
}

/** Builds the whole application as a Fastify instance; server.ts listens, tests call it too. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors met before a route runs answer { detail, code } too (plugins/errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) => onRoute(route));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: options.checkResponses ?? false }));
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  // External layer: headers, body parsers, the API document.
  await app.register(securityPlugin);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(openapiPlugin);

  // App layer: rate limits, tokens, mail, auth.
  const limiter = new RateLimiter(database.db, { ...defaultRateLimits, ...options.rateLimits });
  const tokens = createTokenService(config.jwtSecret, config.jwtTtlSeconds);
  const box = createCryptoBox(config.encryptionKey, config.encryptionKeysPrevious);
  const mailer = new Mailer(database.db, app.log, config.mailFrom, config.smtpUrl);
  app.addHook('onClose', async () => mailer.close());
  const realtime = new Realtime(database, app.log);
  await realtime.start();
  app.addHook('onClose', async () => realtime.close());
  // Background jobs: every process runs a worker; on close the running job stops at a safe point.
  const jobs = new JobQueue(database, app.log, options.jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Files: on disk or S3 (lib/storage); interrupted writes swept, the purge job registered.
  const storage = options.storage ?? (await storageFromConfig(config, database.db));
  if (!options.storage) app.addHook('onClose', async () => storage.close());
  await startStorage(database.db, storage, jobs, app.log);
  await app.register(rateLimitPlugin, { limiter });
  await app.register(authPlugin, { db: database.db, tokens });

  await app.register(realtimePlugin, {
    realtime,
    sessionCheckMs: options.realtimeSessionCheckMs,
  });
  // After each successful write that declares a CRM change, a `crm.changed` message.
  publishCrmChanges(app, database.db, realtime);

  // Modules: each registers its routes and jobs (modules/modules.ts).
  const context: ModuleContext = {
    config,
    database,
    db: database.db,
    realtime,
    mailer,
    jobs,
    tokens,
    limiter,
    box,
    storage,
    demo: options.demo ?? null,
    mail: options.mail,
  };
  for (const module of modules) await module.register(app, context);
  await app.register(webPlugin, {
    webDir: options.webDir === undefined ? defaultWebDir() : options.webDir,
    demo: options.demo ?? null,
  });

  await app.ready();
  await jobs.start();
  void mailer.deliverPending().catch((error: unknown) => {
    app.log.error({ err: error }, 'could not deliver pending e-mail');
  });
  return app;
}
