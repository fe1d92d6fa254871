import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { CryptoBox } from './crypto-box.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mailer.ts';
import type { Previews } from './previews/previews.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { Realtime } from './realtime.ts';
import type { Storage } from './storage/index.ts';
import type { TokenService } from './tokens.ts';

/** The app as a module registers on it (the Fastify instance with the zod type provider). */
export type ModuleApp = Parameters<FastifyPluginAsyncZod>[0];

/** What app.ts hands every module: the database and the app-wide services. */
export type ModuleContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  realtime: Realtime;
  mailer: Mailer;
  jobs: JobQueue;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Every stored file's bytes and metadata (lib/storage/index.ts). */
  storage: Storage;
  /**
   * Thumbnails of stored images and PDFs (lib/previews/previews.ts): an area asks for them after
   * storing a file, and says who may read its files' previews.
   */
  previews: Previews;
  /** Seals and opens secrets the server keeps encrypted at rest (lib/crypto-box.ts). */
  box: CryptoBox;
  /** The demo account the sign-in page offers, when the demo workspace exists. */
  demo: { email: string; password: string } | null;
  /** Options of the mail area (tests): a DNS resolver for mailauth, the undo delay. */
  mail?: MailOptions;
};

/** What tests give the mail area (modules/mail/mail.module.ts). */
export type MailOptions = {
  /** Answers mailauth's DNS questions (`dns.promises.resolve`'s shape); the system's DNS if unset. */
  resolver?: (name: string, rrtype: string) => Promise<unknown>;
  /** Told where the inbound SMTP listener listens (INBOUND_SMTP_PORT=0 picks a free port). */
  onInboundSmtp?: (address: AddressInfo) => void;
  /** Seconds a sent mail waits before it leaves (undo send); 10 unless given. */
  undoSeconds?: number;
  /** Told how long each inbound message took from the end of its data to stored (bench/mail). */
  onInboundStored?: (ms: number, parts: { checks: number; store: number }) => void;
};

/**
 * A server area: its one entry (modules/<area>/<area>.module.ts) builds its service, registers
 * its routes and its background jobs. app.ts registers every module of modules/modules.ts, in
 * that order (the order of the API document's paths).
 */
export type AppModule = {
  name: string;
  register(app: ModuleApp, context: ModuleContext): Promise<void>;
};

export const defineModule = (module: AppModule): AppModule => module;
