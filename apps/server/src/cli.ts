/**
 * Beacon's commands (docs/decisions/025):
 *
 *   npm run backup -- <file>              (or: node apps/server/dist/cli.js backup <file>)
 *   npm run restore -- <file> [--force]   (or: node apps/server/dist/cli.js restore <file>)
 *
 * They use the database the server would: DATABASE_URL, else the embedded one in DATA_DIR (which
 * a running server locks: stop it first).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, backupDatabase, restoreDatabase } from './db/backup.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';

const usage = `Usage:
  beacon backup <file>            write every table to <file> (gzip JSON Lines)
  beacon restore <file> [--force] load <file> into an empty database (--force empties it first)

The database is the server's: DATABASE_URL if set, else the embedded one in DATA_DIR.`;

async function main(argv: string[], out = process.stdout): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const [command, fileArgument, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    out.write(`${usage}\n`);
    return 0;
  }
  if (!command || !['backup', 'restore'].includes(command) || !fileArgument || extra.length > 0) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  if (command === 'backup' && parsed.values.force) {
    process.stderr.write(`--force belongs to restore\n\n${usage}\n`);
    return 2;
  }
  // `npm run` starts in the repository's root: a relative path is taken from where it was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArgument);
  if (command === 'restore' && !existsSync(file)) {
    process.stderr.write(`No file at ${file}\n`);
    return 1;
  }
  if (command === 'backup' && existsSync(file) && statSync(file).isDirectory()) {
    process.stderr.write(`${file} is a directory: give the name of the file to write\n`);
    return 1;
  }

  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig();
    const where = config.databaseUrl
      ? `PostgreSQL (${redact(config.databaseUrl)})`
      : `the embedded database in ${config.dataDir}`;
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    const started = performance.now();
    const progress = (table: string, rows: number) => {
      if (rows > 0) out.write(`  ${table}: ${rows.toLocaleString('en')}\n`);
    };
    if (command === 'backup') {
      out.write(`Backing up ${where} to ${file}\n`);
      const summary = await backupDatabase(database.db, file, {
        database: database.kind,
        onTable: progress,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      out.write(
        `Done: ${summary.total.toLocaleString('en')} rows, ${formatBytes(statSync(file).size)}, in ${seconds} s\n`,
      );
    } else {
      out.write(`Restoring ${file} into ${where}\n`);
      const summary = await restoreDatabase(database.db, file, {
        force: parsed.values.force,
        onTable: progress,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      out.write(
        `Done: ${summary.total.toLocaleString('en')} rows from a backup of ${summary.header.createdAt} (Beacon ${summary.header.beacon}), in ${seconds} s\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(
        `A Beacon server is using the embedded database in ${error.dataDir} (pid ${error.pid}). ` +
          `Stop it, then run ${command} again.\n`,
      );
      return 1;
    }
    if (error instanceof BackupError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`${command} failed: ${(error as Error).message ?? String(error)}\n`);
    return 1;
  } finally {
    await database?.close().catch(() => {});
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

process.exitCode = await main(process.argv.slice(2));
