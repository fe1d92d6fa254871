import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { seedDemo } from './db/seed.ts';
import { storageFromConfig, type Storage } from './lib/storage/index.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  // Signals are handled from the first moment: a stop during start-up still closes the database.
  let stopping = false;
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  let storage: Storage | undefined;

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const log = (msg: string) =>
      app ? app.log.info({ signal }, msg) : process.stderr.write(`${msg} (${signal})\n`);
    log('shutting down: finishing requests in flight');
    const force = setTimeout(() => fail('shutdown took too long; exiting'), SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app?.close();
      await storage?.close();
      await database?.close();
      log('stopped cleanly');
      process.exit(0);
    } catch (error) {
      fail(`error while shutting down: ${(error as Error).message}`);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  // A stop that arrived while the database opened: `stop` closes it and exits.
  if (stopping) return;

  try {
    // One storage for the seed (the demo's files) and the app; closed after the app.
    storage = await storageFromConfig(config, database.db);
    const demo = config.seedDemo ? await seedDemo(database.db, storage) : null;
    if (stopping) return;
    app = await buildApp({ config, database, demo, storage });
    if (stopping) return;
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(
          `Port ${config.port} on ${config.host} is already in use: stop what uses it, or set PORT.`,
          { cause: error },
        );
      }
      throw error;
    }
    app.log.info(
      {
        database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgresql',
        demo: demo?.email ?? null,
      },
      `Beacon is running on http://${['0.0.0.0', '127.0.0.1', '::'].includes(config.host) ? 'localhost' : config.host}:${config.port}`,
    );
  } catch (error) {
    await app?.close().catch(() => {});
    await storage?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const detail =
    process.env.LOG_LEVEL === 'debug' && error instanceof Error ? `\n${error.stack}` : '';
  fail(`Beacon could not start: ${message}${detail}`);
});
