import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a tar file) that test databases start from. */
    pgliteTemplate: string | null;
  }
}

/**
 * On PostgreSQL the test files share one database: migrate it once, before any of them.
 * On the embedded database each test server has a database of its own in memory: make one,
 * migrate it and dump it once here, so that each of them loads the dump (test/databases.ts)
 * rather than running initdb and every migration again (about five times faster).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await database.close();
    project.provide('pgliteTemplate', null);
    return () => {};
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  try {
    const dump = await pgliteClient(database).dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

function pgliteClient(database: DatabaseHandle) {
  return (database.db as unknown as { $client: PGlite }).$client;
}
