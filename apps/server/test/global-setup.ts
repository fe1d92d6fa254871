import { openDatabase } from '../src/db/client.ts';

/** On PostgreSQL the test files share one database: migrate it once, before any of them. */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await database.close();
}
