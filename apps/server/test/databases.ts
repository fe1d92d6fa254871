import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { DatabaseOptions } from '../src/db/client.ts';

let template: Promise<Blob | undefined> | undefined;

/**
 * Options for a test's own database: PostgreSQL at `url` when given, else a PGlite in memory
 * started from the migrated dump of test/global-setup.ts (read once per test worker).
 */
export async function testDatabaseOptions(
  url: string | undefined,
  poolSize = 4,
): Promise<DatabaseOptions> {
  if (url) return { kind: 'postgres', url, poolSize };
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return { kind: 'pglite-memory', from: await template };
}
