import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../src/db/client.ts';

// The mail app's label counters (drizzle/0026_mail_counts.sql, docs/decisions/062-mail-counts.md)
// beside a fresh count of the rows they stand for.

export type Counts = Record<string, { total: number; unread: number }>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Keys whose totals and unread are both 0 are left out (a counter may rest at 0). */
function table(rows: { key: string; total: number; unread: number }[]): Counts {
  const counts: Counts = {};
  for (const row of rows) {
    if (Number(row.total) === 0 && Number(row.unread) === 0) continue;
    counts[row.key] = { total: Number(row.total), unread: Number(row.unread) };
  }
  return counts;
}

/** What the counters say of a mailbox: the sum of its rows by key. */
export async function countersOf(db: Executor, mailboxId: string): Promise<Counts> {
  return table(
    rowsOf(
      await db.execute(sql`
        select key, sum(total)::int as total, sum(unread)::int as unread
        from mail_counts where mailbox_id = ${mailboxId}::uuid group by key`),
    ),
  );
}

/** The same counted afresh with count(*) over the messages and the labels' rows. */
export async function countedOf(db: Executor, mailboxId: string): Promise<Counts> {
  return table(
    rowsOf(
      await db.execute(sql`
        select folder::text as key, count(*)::int as total, count(*) filter (where not seen)::int as unread
          from mail_messages where mailbox_id = ${mailboxId}::uuid group by folder
        union all
        select 'starred', count(*)::int, count(*) filter (where not seen)::int
          from mail_messages where mailbox_id = ${mailboxId}::uuid and starred and folder not in ('spam', 'trash')
        union all
        select 'important', count(*)::int, count(*) filter (where not seen)::int
          from mail_messages where mailbox_id = ${mailboxId}::uuid and important and folder not in ('spam', 'trash')
        union all
        select l.id::text, count(ml.message_id)::int, count(*) filter (where ml.message_id is not null and not m.seen)::int
          from mail_labels l
          left join mail_message_labels ml on ml.label_id = l.id
          left join mail_messages m on m.id = ml.message_id
          where l.mailbox_id = ${mailboxId}::uuid group by l.id`),
    ),
  );
}

/** The counters of each mailbox equal a fresh count(*); answers the counts. */
export async function expectCountsExact(db: Executor, ...mailboxIds: string[]): Promise<Counts[]> {
  const all: Counts[] = [];
  for (const mailboxId of mailboxIds) {
    const counted = await countedOf(db, mailboxId);
    expect(await countersOf(db, mailboxId), `counters of mailbox ${mailboxId}`).toEqual(counted);
    all.push(counted);
  }
  return all;
}
