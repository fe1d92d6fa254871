import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  conversationCategories,
  type Conversation,
  type ConversationCounts,
  type ConversationPage,
  type ConversationPatch,
  type ConversationCategory,
  type conversationCountsQuerySchema,
  type conversationsQuerySchema,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { conversations, mailboxes, mailMessages, people, users } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { invalid } from '../../lib/records/filters.ts';
import { ownedBy } from '../../lib/records/scope.ts';
import { isTimestamp, isUuid } from '../../lib/records/sql.ts';
import { mailboxAudience, readableMailboxes } from '../mail/mail.repository.ts';
import { withdrawConsent } from './conversations.intake.ts';

type ListQuery = z.output<typeof conversationsQuerySchema>;
type Filters = z.output<typeof conversationCountsQuerySchema>;

/**
 * Conversations (docs/decisions/061-conversations.md): the replies of the mailboxes a member reads
 * (their own and the shared ones), with the person's facts as far as the member sees the person.
 */
export class ConversationsService {
  constructor(
    private readonly db: Database,
    private readonly realtime: Realtime,
  ) {}

  async list(caller: Caller, query: ListQuery): Promise<ConversationPage> {
    const where = await this.where(this.db, caller, query);
    if (!where) return { items: [], nextCursor: null };
    if (query.category) where.push(eq(conversations.category, query.category));
    if (query.cursor) {
      const after = decodeCursor(query.cursor);
      where.push(
        sql`(${conversations.date}, ${conversations.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await this.select(this.db, caller, and(...where)!, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toConversation),
      nextCursor:
        rows.length > query.limit && last
          ? Buffer.from(JSON.stringify({ t: last.dateText, id: last.id })).toString('base64url')
          : null,
    };
  }

  async counts(caller: Caller, query: Filters): Promise<ConversationCounts> {
    const counts = Object.fromEntries(conversationCategories.map((c) => [c, 0])) as Record<
      ConversationCategory,
      number
    >;
    const where = await this.where(this.db, caller, query);
    if (!where) return { counts, total: 0 };
    const rows = await this.db
      .select({ category: conversations.category, n: sql<number>`count(*)::int` })
      .from(conversations)
      .innerJoin(mailboxes, eq(mailboxes.id, conversations.mailboxId))
      .where(and(...where))
      .groupBy(conversations.category);
    for (const row of rows) counts[row.category] = Number(row.n);
    return { counts, total: rows.reduce((sum, row) => sum + Number(row.n), 0) };
  }

  async get(caller: Caller, id: string): Promise<Conversation> {
    return toConversation(await this.one(this.db, caller, id));
  }

  /** Re-sorts (the member's category then stands) or marks done or open again. */
  async patch(caller: Caller, id: string, patch: ConversationPatch): Promise<Conversation> {
    return this.db.transaction(async (tx) => {
      const old = await this.one(tx, caller, id, true);
      const changes: Partial<typeof conversations.$inferInsert> = {};
      if (patch.category !== undefined && patch.category !== old.category) {
        changes.category = patch.category;
        changes.sortedBy = 'member';
        if (patch.category !== 'out_of_office') changes.returnDate = null;
      }
      if (patch.status !== undefined && patch.status !== old.status) {
        changes.status = patch.status;
        changes.doneAt = patch.status === 'done' ? new Date() : null;
        changes.doneBy = patch.status === 'done' ? caller.userId : null;
      }
      if (Object.keys(changes).length > 0) {
        await tx
          .update(conversations)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(conversations.id, old.id));
        if (changes.category === 'unsubscribe') {
          const [message] = await tx
            .select({
              id: mailMessages.id,
              workspaceId: mailMessages.workspaceId,
              date: mailMessages.date,
              subject: mailMessages.subject,
              fromAddress: mailMessages.fromAddress,
            })
            .from(mailMessages)
            .where(eq(mailMessages.id, old.mailId));
          if (message && (await withdrawConsent(tx, message, old.personId, caller.userId))) {
            // The person's screens read their consent again.
            await this.realtime.publish(tx, caller.workspaceId, {
              type: 'crm.changed',
              data: { entity: 'people', id: old.personId, by: caller.userId, origin: null },
            });
          }
        }
        await this.realtime.publish(
          tx,
          caller.workspaceId,
          { type: 'conversations.changed', data: { ids: [old.id], created: false } },
          mailboxAudience({ ownerId: old.memberId, shared: old.shared }),
        );
      }
      return toConversation(await this.one(tx, caller, id));
    });
  }

  /** The conditions every read starts with; null when the caller reads no mailbox. */
  private async where(db: Executor, caller: Caller, filters: Filters): Promise<SQL[] | null> {
    const readable = (await readableMailboxes(db, caller)).map((m) => m.id);
    // A mailbox the member does not read, or a member of another workspace: not there.
    if (filters.mailboxId && !readable.includes(filters.mailboxId)) {
      throw notFound('No such mailbox');
    }
    if (filters.memberId) {
      const [member] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.workspaceId, caller.workspaceId), eq(users.id, filters.memberId)));
      if (!member) throw notFound('No such member');
    }
    if (readable.length === 0) return null;
    const where: SQL[] = [
      eq(conversations.workspaceId, caller.workspaceId),
      inArray(conversations.mailboxId, readable),
    ];
    if (filters.mailboxId) where.push(eq(conversations.mailboxId, filters.mailboxId));
    if (filters.memberId) where.push(eq(mailboxes.ownerId, filters.memberId));
    if (filters.status !== 'all') where.push(eq(conversations.status, filters.status));
    return where;
  }

  private async one(db: Executor, caller: Caller, id: string, lock = false) {
    const readable = (await readableMailboxes(db, caller)).map((m) => m.id);
    if (readable.length > 0) {
      if (lock) {
        await db
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.workspaceId, caller.workspaceId), eq(conversations.id, id)))
          .for('update');
      }
      const [row] = await this.select(
        db,
        caller,
        and(
          eq(conversations.workspaceId, caller.workspaceId),
          eq(conversations.id, id),
          inArray(conversations.mailboxId, readable),
        )!,
        1,
      );
      if (row) return row;
    }
    throw notFound('No such conversation');
  }

  private select(db: Executor, caller: Caller, where: SQL, limit: number) {
    const visible = ownedBy(people.ownerId, caller);
    return db
      .select({
        id: conversations.id,
        mailId: conversations.messageId,
        mailboxId: conversations.mailboxId,
        threadId: conversations.threadId,
        memberId: mailboxes.ownerId,
        shared: mailboxes.shared,
        category: conversations.category,
        sortedBy: conversations.sortedBy,
        rule: conversations.rule,
        status: conversations.status,
        returnDate: conversations.returnDate,
        personId: conversations.personId,
        personName: sql<string>`case when ${visible} then trim(${people.firstName} || ' ' || ${people.lastName}) else '' end`,
        personEmail: sql<string>`case when ${visible} then ${people.email} else '' end`,
        personStage: sql<
          Conversation['personStage']
        >`case when ${visible} then ${people.stage} end`,
        companyName: sql<string>`case when ${visible} then ${people.companyName} else '' end`,
        fromName: mailMessages.fromName,
        fromAddress: mailMessages.fromAddress,
        subject: mailMessages.subject,
        snippet: mailMessages.snippet,
        date: conversations.date,
        dateText: sql<string>`${conversations.date}::text`,
        doneAt: conversations.doneAt,
        doneBy: conversations.doneBy,
        updatedAt: conversations.updatedAt,
      })
      .from(conversations)
      .innerJoin(mailboxes, eq(mailboxes.id, conversations.mailboxId))
      .innerJoin(mailMessages, eq(mailMessages.id, conversations.messageId))
      .innerJoin(people, eq(people.id, conversations.personId))
      .where(where)
      .orderBy(desc(conversations.date), desc(conversations.id))
      .limit(limit);
  }
}

type Row = Awaited<ReturnType<ConversationsService['select']>>[number];

function toConversation(row: Row): Conversation {
  return {
    id: row.id,
    mailId: row.mailId,
    mailboxId: row.mailboxId,
    threadId: row.threadId,
    memberId: row.memberId,
    category: row.category,
    sortedBy: row.sortedBy,
    rule: row.rule,
    status: row.status,
    returnDate: row.returnDate,
    personId: row.personId,
    personName: row.personName,
    personEmail: row.personEmail,
    personStage: row.personStage ?? null,
    companyName: row.companyName,
    from: { name: row.fromName, address: row.fromAddress },
    subject: row.subject,
    snippet: row.snippet,
    date: row.date.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    doneBy: row.doneBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function decodeCursor(cursor: string): { t: string; id: string } {
  try {
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      t: unknown;
      id: unknown;
    };
    if (isTimestamp(body.t) && isUuid(body.id)) return { t: body.t, id: body.id };
  } catch {
    // Answered below.
  }
  throw invalid('cursor', 'Not a cursor of this list; start again without one');
}
