import { and, sql, type SQL } from 'drizzle-orm';
import type { EmailActivity, EmailActivityPage, EmailDetail, EmailsQuery } from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import {
  afterCursor,
  encodeCursor,
  orderBy,
  parseSort,
  sortValue,
} from '../../lib/records/cursor.ts';
import { compileFilters, parseFilters } from '../../lib/records/filters.ts';
import { ownedBy } from '../../lib/records/scope.ts';
import { rowsOf, uuidArray } from '../../lib/records/sql.ts';
import { readableMailboxes } from '../mail/mail.repository.ts';
import { emailsEntity, emailStatusSql } from './emails.entity.ts';

type Row = {
  id: string;
  mailbox_id: string;
  thread_id: string;
  direction: 'in' | 'out';
  status: EmailActivity['status'];
  subject: string;
  snippet: string;
  from_name: string;
  from_address: string;
  to: { name: string; address: string }[];
  date: Date | string;
  person_id: string | null;
  person_name: string | null;
  company_id: string | null;
  company_name: string | null;
  member_id: string | null;
  tracked: boolean;
  opens: number | string;
  clicks: number | string;
  sortValue: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toEmail(row: Row): EmailActivity {
  return {
    id: row.id,
    mailboxId: row.mailbox_id,
    threadId: row.thread_id,
    direction: row.direction,
    status: row.status,
    subject: row.subject,
    snippet: row.snippet,
    from: { name: row.from_name, address: row.from_address },
    to: row.to,
    date: iso(row.date),
    personId: row.person_id,
    personName: row.person_name ?? '',
    companyId: row.company_id,
    companyName: row.company_name ?? '',
    memberId: row.member_id,
    tracked: Boolean(row.tracked),
    opens: Number(row.opens),
    clicks: Number(row.clicks),
  };
}

/**
 * The e-mails page (docs/decisions/061-conversations.md): every message to or from a person of
 * the CRM in the mailboxes the member reads (their own and the shared ones), with the records
 * engine's filters, sort and keyset pages over `emailsEntity`, and its tracking.
 */
export class EmailsService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, query: EmailsQuery & { limit: number }): Promise<EmailActivityPage> {
    const readable = await this.readable(this.db, caller);
    if (readable.length === 0) return { items: [], nextCursor: null };
    const sort = parseSort(emailsEntity, query.sort);
    const compiled = compileFilters(emailsEntity, parseFilters(query.filters));
    const where = and(
      this.base(caller, readable),
      ...compiled.where,
      ...(query.q
        ? [sql`"mail_messages".search_vector @@ plainto_tsquery('simple', ${query.q})`]
        : []),
      ...afterCursor(emailsEntity, sort, query.cursor),
    )!;
    const rows = await this.select(
      this.db,
      caller,
      where,
      orderBy(sort),
      sortValue(sort),
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toEmail),
      nextCursor: rows.length > query.limit && last ? encodeCursor(emailsEntity, sort, last) : null,
    };
  }

  async get(caller: Caller, id: string): Promise<EmailDetail> {
    const readable = await this.readable(this.db, caller);
    const sort = parseSort(emailsEntity, undefined);
    const [row] = readable.length
      ? await this.select(
          this.db,
          caller,
          and(this.base(caller, readable), sql`"mail_messages".id = ${id}::uuid`)!,
          orderBy(sort),
          sortValue(sort),
          1,
        )
      : [];
    if (!row) throw notFound('No such e-mail');
    const opens = await rowsOf<{ n: number; first: Date | null; last: Date | null }>(
      this.db,
      sql`select count(*)::int as n, min(at) as first, max(at) as last
          from mail_tracking_events where message_id = ${id}::uuid and kind = 'open'`,
    );
    const links = await rowsOf<{ url: string; clicks: number; last: Date | null }>(
      this.db,
      sql`select l.url, count(e.id)::int as clicks, max(e.at) as last
          from mail_tracked_links l
          left join mail_tracking_events e
            on e.message_id = l.message_id and e.kind = 'click' and e.position = l.position
          where l.message_id = ${id}::uuid
          group by l.position, l.url order by l.position`,
    );
    const events = await rowsOf<{
      kind: 'open' | 'click';
      url: string | null;
      at: Date;
      proxy: string;
    }>(
      this.db,
      sql`select e.kind, l.url, e.at, e.proxy from mail_tracking_events e
          left join mail_tracked_links l on l.message_id = e.message_id and l.position = e.position
          where e.message_id = ${id}::uuid order by e.at desc, e.id desc limit 50`,
    );
    const first = opens[0];
    return {
      email: toEmail(row),
      tracking: {
        tracked: Boolean(row.tracked),
        opens: {
          count: Number(first?.n ?? 0),
          firstAt: first?.first ? iso(first.first) : null,
          lastAt: first?.last ? iso(first.last) : null,
        },
        links: links.map((l) => ({
          url: l.url,
          clicks: Number(l.clicks),
          lastAt: l.last ? iso(l.last) : null,
        })),
        events: events.map((e) => ({
          kind: e.kind,
          url: e.url,
          at: iso(e.at),
          proxy: Boolean(e.proxy),
        })),
      },
    };
  }

  private async readable(db: Executor, caller: Caller): Promise<string[]> {
    return (await readableMailboxes(db, caller)).map((m) => m.id);
  }

  /** The workspace, the mailboxes the member reads, no drafts, linked to a person. */
  private base(caller: Caller, readable: string[]): SQL {
    return sql`"mail_messages".workspace_id = ${caller.workspaceId}::uuid
      and "mail_messages".mailbox_id = any(${uuidArray(readable)})
      and "mail_messages".status <> 'draft'
      and exists (select 1 from mail_links l where l.message_id = "mail_messages".id and l.person_id is not null)`;
  }

  private select(
    db: Executor,
    caller: Caller,
    where: SQL,
    order: SQL[],
    sortValueSql: SQL,
    limit: number,
  ): Promise<Row[]> {
    const visible = ownedBy(sql.raw('p.owner_id'), caller);
    return rowsOf<Row>(
      db,
      sql`select "mail_messages".id, "mail_messages".mailbox_id, "mail_messages".thread_id,
          "mail_messages".direction, ${emailStatusSql} as status, "mail_messages".subject,
          "mail_messages".snippet, "mail_messages".from_name, "mail_messages".from_address,
          "mail_messages".to, "mail_messages".date,
          lp.person_id,
          case when ${visible} then trim(p.first_name || ' ' || p.last_name) end as person_name,
          case when ${visible} then p.company_id end as company_id,
          case when ${visible} then p.company_name end as company_name,
          mb.owner_id as member_id,
          exists (select 1 from mail_tracked t where t.message_id = "mail_messages".id) as tracked,
          (select count(*) from mail_tracking_events e
            where e.message_id = "mail_messages".id and e.kind = 'open') as opens,
          (select count(*) from mail_tracking_events e
            where e.message_id = "mail_messages".id and e.kind = 'click') as clicks,
          ${sortValueSql} as "sortValue"
        from mail_messages
        join mailboxes mb on mb.id = "mail_messages".mailbox_id
        left join lateral (
          select l.person_id from mail_links l
          where l.message_id = "mail_messages".id and l.person_id is not null
          order by l.id limit 1
        ) lp on true
        left join people p on p.id = lp.person_id
        where ${where}
        order by ${sql.join(order, sql`, `)}
        limit ${limit}`,
    );
  }
}
