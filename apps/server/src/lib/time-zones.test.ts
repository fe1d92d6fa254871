import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { dayOf, todayStartSql, tomorrowStartSql } from './time-zones.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('day bounds in SQL and in TypeScript', () => {
  it('are the same instants, on days with a clock change (23 and 25 hours) and without', async () => {
    const cases: [string, string][] = [
      ['2026-11-24T23:30:00Z', 'Asia/Tokyo'],
      ['2026-11-24T12:00:00Z', 'UTC'],
      ['2026-03-29T12:00:00Z', 'Europe/Paris'], // 23 hours
      ['2026-10-25T12:00:00Z', 'Europe/Paris'], // 25 hours
      ['2026-03-08T17:00:00Z', 'America/New_York'], // 23 hours
      ['2026-11-01T17:00:00Z', 'America/New_York'], // 25 hours
      ['2026-04-05T12:00:00Z', 'Australia/Lord_Howe'], // half an hour back
      ['2026-09-06T15:00:00Z', 'America/Santiago'], // midnight skipped: starts at 01:00
    ];
    for (const [at, zone] of cases) {
      const instant = sql`${at}::timestamptz`;
      const result = (await server.database.db.execute(
        sql`select ${todayStartSql(sql`${zone}::text`, instant)} as start,
                   ${tomorrowStartSql(sql`${zone}::text`, instant)} as "end"`,
      )) as unknown as { rows: { start: string | Date; end: string | Date }[] };
      const row = result.rows[0]!;
      const day = dayOf(Date.parse(at), zone);
      expect([new Date(row.start).toISOString(), new Date(row.end).toISOString()], zone).toEqual([
        day.start.toISOString(),
        day.end.toISOString(),
      ]);
    }
  });
});
