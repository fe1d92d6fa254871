import { mkdtempSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config.ts';

const SECRET = 'a-secret-that-is-long-enough-0123456789';
const KEY = 'an-encryption-key-that-is-long-enough-0001';
const OLD_KEY = 'an-older-encryption-key-long-enough-00002';
const POSTGRES = 'postgres://beacon@db.example.test:5432/beacon';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-config-'));
  dirs.push(dir);
  return dir;
}

/** The problems loadConfig reports for `env`, or fails the test when it accepts it. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.message).toContain('Invalid configuration');
    for (const problem of configError.problems) expect(configError.message).toContain(problem);
    return configError.problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('parseDuration', () => {
  it.each([
    ['30', 30],
    ['30s', 30],
    ['15m', 900],
    ['12h', 43_200],
    ['2d', 172_800],
    [' 5 m ', 300],
    ['1', 1],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([
    '',
    '   ',
    '0',
    '0h',
    '-1',
    '1.5h',
    'h',
    '12x',
    '12H',
    'twelve hours',
    '1h30m',
    '9'.repeat(20),
  ])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      jwtSecret: expect.any(String),
      jwtTtlSeconds: 12 * 3600,
      encryptionKey: expect.any(String),
      encryptionKeysPrevious: [],
      smtpUrl: undefined,
      publicUrl: undefined,
      mailFrom: 'Beacon <no-reply@beacon.local>',
      inboundSmtpPort: undefined,
      imapSync: { workers: 4, pollSeconds: 60, windowSeconds: 600 },
      inboundSmtpTls: undefined,
      inboundSmtpMaxBytes: 30 * 1024 * 1024,
      mailRemoteImagesAllowPrivate: false,
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
      storageUrl: undefined,
      filesDir: path.join(dataDir, 'files'),
      fileMaxBytes: 2 * 1024 ** 3,
      workspaceQuotaBytes: 0,
    });
  });

  it('defaults DATA_DIR to ./data, resolved against the working directory', () => {
    // With JWT_SECRET given nothing is written, so ./data is not created by this test.
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('reads every variable', () => {
    const dataDir = tempDir();
    const certFile = path.join(dataDir, 'smtp.crt');
    const keyFile = path.join(dataDir, 'smtp.key');
    writeFileSync(certFile, 'certificate');
    writeFileSync(keyFile, 'key');
    const config = loadConfig({
      PORT: ' 8080 ',
      HOST: '0.0.0.0',
      DATA_DIR: path.join(dataDir, 'nested', '..', 'here'),
      DATABASE_URL: 'postgresql://beacon@db.example.test/beacon',
      JWT_SECRET: SECRET,
      JWT_TTL: '30m',
      ENCRYPTION_KEY: KEY,
      ENCRYPTION_KEY_PREVIOUS: ` ${OLD_KEY} ,, `,
      SMTP_URL: 'smtps://user:pass@mail.example.test:465',
      PUBLIC_URL: 'https://crm.example.test/beacon/',
      MAIL_FROM: 'Sales <sales@example.test>',
      INBOUND_SMTP_PORT: '2525',
      IMAP_SYNC_WORKERS: '2',
      IMAP_POLL_INTERVAL: '5s',
      IMAP_SYNC_WINDOW: '2m',
      INBOUND_SMTP_TLS_CERT: certFile,
      INBOUND_SMTP_TLS_KEY: keyFile,
      INBOUND_SMTP_MAX_BYTES: '1048576',
      SEED_DEMO: 'yes',
      TRUST_PROXY: 'TRUE',
      LOG_LEVEL: 'debug',
      STORAGE_URL: 's3://key:secret@minio.example.test:9000/beacon?region=eu-west-1',
      FILES_DIR: path.join(dataDir, 'files-elsewhere'),
      FILE_MAX_BYTES: '512M',
      WORKSPACE_QUOTA_BYTES: '1.5 GiB',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(dataDir, 'here'),
      databaseUrl: 'postgresql://beacon@db.example.test/beacon',
      jwtSecret: SECRET,
      jwtTtlSeconds: 1800,
      encryptionKey: KEY,
      // The JWT secret's key stays readable: values sealed before ENCRYPTION_KEY was set.
      encryptionKeysPrevious: [OLD_KEY, SECRET],
      smtpUrl: 'smtps://user:pass@mail.example.test:465',
      publicUrl: 'https://crm.example.test/beacon',
      mailFrom: 'Sales <sales@example.test>',
      inboundSmtpPort: 2525,
      imapSync: { workers: 2, pollSeconds: 5, windowSeconds: 120 },
      inboundSmtpTls: { certFile, keyFile },
      inboundSmtpMaxBytes: 1048576,
      mailRemoteImagesAllowPrivate: false,
      seedDemo: true,
      trustProxy: true,
      logLevel: 'debug',
      storageUrl: 's3://key:secret@minio.example.test:9000/beacon?region=eu-west-1',
      filesDir: path.join(dataDir, 'files-elsewhere'),
      fileMaxBytes: 512 * 1024 ** 2,
      workspaceQuotaBytes: 1.5 * 1024 ** 3,
    });
  });

  it('refuses an inbound TLS certificate without its key, a missing file and a tiny size limit', () => {
    const dataDir = tempDir();
    const certFile = path.join(dataDir, 'smtp.crt');
    writeFileSync(certFile, 'certificate');
    expect(() => loadConfig({ DATA_DIR: dataDir, INBOUND_SMTP_TLS_CERT: certFile })).toThrow(
      /INBOUND_SMTP_TLS_CERT, INBOUND_SMTP_TLS_KEY: give both/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        INBOUND_SMTP_TLS_CERT: certFile,
        INBOUND_SMTP_TLS_KEY: path.join(dataDir, 'missing.key'),
      }),
    ).toThrow(/INBOUND_SMTP_TLS_KEY: no file at/);
    expect(() => loadConfig({ DATA_DIR: dataDir, INBOUND_SMTP_MAX_BYTES: '10' })).toThrow(
      /INBOUND_SMTP_MAX_BYTES: must be between/,
    );
  });

  it('ignores variables it does not know', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      JWT_SECRET: SECRET,
      PATH: '/usr/bin',
      FOO: 'x',
    });
    expect(config.port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '3.5'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['HOST', '   '],
    ['DATA_DIR', '   '],
    ['DATABASE_URL', 'mysql://db.example.test/beacon'],
    ['DATABASE_URL', 'db.example.test:5432'],
    ['JWT_SECRET', 'too-short'],
    ['JWT_TTL', '12x'],
    ['JWT_TTL', '0'],
    ['JWT_TTL', '-5m'],
    ['ENCRYPTION_KEY', 'too-short'],
    ['ENCRYPTION_KEY_PREVIOUS', `${'k'.repeat(40)},short`],
    ['SMTP_URL', 'http://mail.example.test'],
    ['PUBLIC_URL', 'crm.example.test'],
    ['PUBLIC_URL', 'ftp://crm.example.test'],
    ['PUBLIC_URL', 'https://crm.example.test/?a=1'],
    ['PUBLIC_URL', 'https://user:pw@crm.example.test'],
    ['MAIL_FROM', 'ab'],
    ['INBOUND_SMTP_PORT', 'twenty-five'],
    ['INBOUND_SMTP_PORT', '70000'],
    ['IMAP_SYNC_WORKERS', 'many'],
    ['IMAP_SYNC_WORKERS', '65'],
    ['IMAP_POLL_INTERVAL', 'often'],
    ['IMAP_SYNC_WINDOW', '0'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', 'sometimes'],
    ['LOG_LEVEL', 'verbose'],
  ])('names %s when it is %j', (name, value) => {
    const env: NodeJS.ProcessEnv = { DATA_DIR: tempDir(), JWT_SECRET: SECRET, [name]: value };
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem.startsWith(`${name}: `), problem).toBe(true);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      PORT: 'abc',
      JWT_TTL: 'forever',
      LOG_LEVEL: 'loud',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(new Set(names)).toEqual(new Set(['PORT', 'JWT_TTL', 'LOG_LEVEL']));
  });

  it('requires JWT_SECRET with DATABASE_URL', () => {
    const dataDir = tempDir();
    const problems = problemsOf({ DATA_DIR: dataDir, DATABASE_URL: POSTGRES });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^JWT_SECRET: required when DATABASE_URL is set/);
    // No secret was generated for it either.
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('generates JWT_SECRET once into DATA_DIR and reuses it', () => {
    const dataDir = path.join(tempDir(), 'not', 'there', 'yet');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);

    // Another data directory has its own secret.
    const other = loadConfig({ DATA_DIR: tempDir() });
    expect(other.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('seals with the JWT secret when ENCRYPTION_KEY is unset, and with the generated one', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: SECRET })).toMatchObject({
      encryptionKey: SECRET,
      encryptionKeysPrevious: [],
    });
    const generated = loadConfig({ DATA_DIR: tempDir() });
    expect(generated.encryptionKey).toBe(generated.jwtSecret);
    // ENCRYPTION_KEY equal to the JWT secret lists no previous key twice.
    expect(
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: SECRET, ENCRYPTION_KEY: SECRET })
        .encryptionKeysPrevious,
    ).toEqual([]);
  });

  it('uses a given JWT_SECRET as it is and writes no file', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('seeds the demo by default only on the embedded database', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).seedDemo).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: POSTGRES, JWT_SECRET: SECRET }).seedDemo,
    ).toBe(false);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: POSTGRES,
        JWT_SECRET: SECRET,
        SEED_DEMO: 'true',
      }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    [' TRUE ', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['No', false],
  ])('reads the boolean %j as %s', (text, value) => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      JWT_SECRET: SECRET,
      SEED_DEMO: text,
      TRUST_PROXY: text,
    });
    expect(config.seedDemo).toBe(value);
    expect(config.trustProxy).toBe(value);
  });

  it('treats empty variables as unset', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      PORT: '',
      HOST: '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: '',
      JWT_TTL: '',
      SMTP_URL: '',
      MAIL_FROM: '',
      INBOUND_SMTP_PORT: '',
      SEED_DEMO: '',
      TRUST_PROXY: '',
      LOG_LEVEL: '',
    });
    expect(config).toEqual(loadConfig({ DATA_DIR: dataDir }));
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    // An empty JWT_SECRET is no secret: one is generated, as when it is unset.
    expect(config.jwtSecret).toBe(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim());
  });

  it('treats an empty DATA_DIR as unset', () => {
    expect(loadConfig({ DATA_DIR: '', JWT_SECRET: SECRET }).dataDir).toBe(path.resolve('data'));
  });
});
