import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration, read from the environment once at start and nowhere else.
 * A bad value stops the start with a message that names it.
 */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /**
   * The secret text sealing what the server keeps encrypted (lib/crypto-box.ts): `ENCRYPTION_KEY`,
   * else the JWT secret (a key is derived from it, never the JWT key itself).
   */
  encryptionKey: string;
  /** Earlier keys, still opening values sealed before a rotation (`ENCRYPTION_KEY_PREVIOUS`). */
  encryptionKeysPrevious: string[];
  smtpUrl: string | undefined;
  /**
   * The address people reach Beacon at (`PUBLIC_URL`, no trailing slash): mailed links are built
   * from it. Unset, they are built from the request's own origin.
   */
  publicUrl: string | undefined;
  mailFrom: string;
  inboundSmtpPort: number | undefined;
  /**
   * Connected mailboxes (modules/mail-imap): sync workers per process (`IMAP_SYNC_WORKERS`, 4),
   * how often folders other than INBOX are checked between IDLE wake-ups (`IMAP_POLL_INTERVAL`,
   * 60s) and how long one run keeps a mailbox before handing it back to the queue
   * (`IMAP_SYNC_WINDOW`, 10m).
   */
  imapSync: { workers: number; pollSeconds: number; windowSeconds: number };
  /** STARTTLS on the inbound SMTP listener: PEM files of its certificate (chain) and key. */
  inboundSmtpTls: { certFile: string; keyFile: string } | undefined;
  /** The largest inbound message accepted, in bytes (SIZE; larger ones are refused with 552). */
  inboundSmtpMaxBytes: number;
  /** MAIL_REMOTE_IMAGES_ALLOW_PRIVATE: the mail app may fetch remote images from private addresses. */
  mailRemoteImagesAllowPrivate: boolean;
  seedDemo: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `s3://KEY:SECRET@host:port/bucket?region=…`: files on S3; unset: under `filesDir`. */
  storageUrl: string | undefined;
  /** Where the disk driver keeps files (FILES_DIR, by default DATA_DIR/files). */
  filesDir: string;
  /** The largest file one upload may store, in bytes. */
  fileMaxBytes: number;
  /** What one workspace's files may add up to, in bytes; 0: no quota. */
  workspaceQuotaBytes: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const durationPattern = /^(\d+)\s*(s|m|h|d)?$/;
const unitSeconds = { s: 1, m: 60, h: 3600, d: 86400 } as const;

const sizePattern = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)?$/;
const unitBytes: Record<string, number> = {
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
};

/**
 * Parses a size: bytes, or a number with K, M, G or T (binary multiples; KB, KiB, MB, MiB, … are
 * read the same), e.g. `512M`, `2GiB`, `1.5G`.
 */
export function parseByteSize(value: string): number | undefined {
  const match = sizePattern.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  const bytes = Math.round(Number(match[1]) * unitBytes[(match[2] ?? 'b')[0]!]!);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const sizeText = z
  .string()
  .refine(
    (v) => parseByteSize(v) !== undefined,
    'must be bytes or a number with K, M, G or T, e.g. 2G',
  )
  .transform((v) => parseByteSize(v) as number);

/** Parses `JWT_TTL`: a number of seconds, or a number with s, m, h or d. */
export function parseDuration(value: string): number | undefined {
  const match = durationPattern.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 's') as keyof typeof unitSeconds;
  const seconds = amount * unitSeconds[unit];
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : undefined;
}

const boolText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const portText = z
  .string()
  .trim()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535');

const envSchema = z.object({
  PORT: portText.default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .refine(
      (v) => parseDuration(v) !== undefined,
      'must be seconds or a number with s, m, h or d, e.g. 12h',
    )
    .default('12h'),
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    )
    .refine((keys) => keys.every((k) => k.length >= 32), 'each key must be at least 32 characters')
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((v) => {
      try {
        const url = new URL(v);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.search === '' &&
          url.hash === '' &&
          url.username === '' &&
          url.password === ''
        );
      } catch {
        return false;
      }
    }, 'must be an http:// or https:// address without query, fragment or credentials')
    .transform((v) => new URL(v).href.replace(/\/+$/, ''))
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Beacon <no-reply@beacon.local>'),
  INBOUND_SMTP_PORT: portText.optional(),
  IMAP_SYNC_WORKERS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 64, 'must be between 0 and 64')
    .default(4),
  IMAP_POLL_INTERVAL: z
    .string()
    .refine(
      (v) => parseDuration(v) !== undefined,
      'must be seconds or a number with s, m, h or d, e.g. 60s',
    )
    .default('60s'),
  IMAP_SYNC_WINDOW: z
    .string()
    .refine(
      (v) => parseDuration(v) !== undefined,
      'must be seconds or a number with s, m, h or d, e.g. 10m',
    )
    .default('10m'),
  INBOUND_SMTP_TLS_CERT: z.string().trim().min(1).optional(),
  INBOUND_SMTP_TLS_KEY: z.string().trim().min(1).optional(),
  INBOUND_SMTP_MAX_BYTES: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of bytes')
    .transform(Number)
    .refine((n) => n >= 1024 && n <= 200 * 1024 * 1024, 'must be between 1024 and 209715200')
    .default(30 * 1024 * 1024),
  SEED_DEMO: boolText.optional(),
  /**
   * Let the mail app's image fetcher reach private and loopback addresses (a lab, the browser
   * tests). Off: a mail's remote image is fetched only from a public address.
   */
  MAIL_REMOTE_IMAGES_ALLOW_PRIVATE: boolText.default(false),
  TRUST_PROXY: boolText.default(false),
  STORAGE_URL: z
    .string()
    .trim()
    .refine(
      (v) => /^s3:\/\/[^/]*\/[^/?]+/.test(v),
      'must be s3://KEY:SECRET@host:port/bucket?region=…',
    )
    .optional(),
  FILES_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  FILE_MAX_BYTES: sizeText.refine((n) => n > 0, 'must be more than 0').default(2 * 1024 ** 3),
  WORKSPACE_QUOTA_BYTES: sizeText.default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Reads the secret kept in DATA_DIR, creating it the first time. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) {
      throw new ConfigError([
        `JWT_SECRET: ${file} holds no usable secret; delete it to make a new one (everyone signs in again)`,
      ]);
    }
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written to a temporary file, flushed, then renamed: a crash never leaves a half-written secret.
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  writeSync(fd, `${secret}\n`);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temporary, file);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError([
      'JWT_SECRET: required when DATABASE_URL is set (at least 32 characters)',
    ]);
  }
  if (Boolean(e.INBOUND_SMTP_TLS_CERT) !== Boolean(e.INBOUND_SMTP_TLS_KEY)) {
    throw new ConfigError([
      'INBOUND_SMTP_TLS_CERT, INBOUND_SMTP_TLS_KEY: give both files (certificate and key) or neither',
    ]);
  }
  for (const [name, file] of [
    ['INBOUND_SMTP_TLS_CERT', e.INBOUND_SMTP_TLS_CERT],
    ['INBOUND_SMTP_TLS_KEY', e.INBOUND_SMTP_TLS_KEY],
  ] as const) {
    if (file && !existsSync(file)) throw new ConfigError([`${name}: no file at ${file}`]);
  }
  const jwtSecret = e.JWT_SECRET ?? embeddedSecret(dataDir);
  const encryptionKey = e.ENCRYPTION_KEY ?? jwtSecret;
  // Moving from the derived key to ENCRYPTION_KEY keeps opening what the JWT secret's key sealed.
  const previous = [...(e.ENCRYPTION_KEY_PREVIOUS ?? []), jwtSecret].filter(
    (k, i, all) => k !== encryptionKey && all.indexOf(k) === i,
  );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret,
    jwtTtlSeconds: parseDuration(e.JWT_TTL) as number,
    encryptionKey,
    encryptionKeysPrevious: previous,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL,
    mailFrom: e.MAIL_FROM,
    inboundSmtpPort: e.INBOUND_SMTP_PORT,
    imapSync: {
      workers: e.IMAP_SYNC_WORKERS,
      pollSeconds: parseDuration(e.IMAP_POLL_INTERVAL) as number,
      windowSeconds: parseDuration(e.IMAP_SYNC_WINDOW) as number,
    },
    inboundSmtpTls: e.INBOUND_SMTP_TLS_CERT
      ? {
          certFile: path.resolve(e.INBOUND_SMTP_TLS_CERT),
          keyFile: path.resolve(e.INBOUND_SMTP_TLS_KEY!),
        }
      : undefined,
    inboundSmtpMaxBytes: e.INBOUND_SMTP_MAX_BYTES,
    mailRemoteImagesAllowPrivate: e.MAIL_REMOTE_IMAGES_ALLOW_PRIVATE,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    storageUrl: e.STORAGE_URL,
    filesDir: e.FILES_DIR ? path.resolve(e.FILES_DIR) : path.join(dataDir, 'files'),
    fileMaxBytes: e.FILE_MAX_BYTES,
    workspaceQuotaBytes: e.WORKSPACE_QUOTA_BYTES,
  };
}
