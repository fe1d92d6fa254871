import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ConversationCategory } from '@beacon/contract';
import type { Transaction } from '../../db/client.ts';
import {
  activities,
  conversations,
  mailBounces,
  mailMessages,
  people,
} from '../../db/schema/index.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { ParsedMessage } from '../mail/mail.parse.ts';
import { mailboxAudience, type MessageRow } from '../mail/mail.repository.ts';
import { classifyReply } from './conversations.rules.ts';

/**
 * What happens to the CRM when a message is stored (called once by the mail store's `storeIn`,
 * in its transaction; docs/decisions/061-conversations.md):
 * - a bounce report marks the failed recipients' people `bounced` and opens a `bounce`
 *   conversation for each;
 * - a reply from a person of the CRM (threaded to mail the workspace sent) becomes a conversation,
 *   sorted by the rules (conversations.rules.ts); an unsubscribe request withdraws the person's
 *   consent, the message being the record of it.
 */
export async function conversationsAfterStore(
  tx: Transaction,
  realtime: Realtime,
  mailbox: { id: string; ownerId: string | null; shared: boolean },
  row: MessageRow,
  parsed: ParsedMessage,
): Promise<void> {
  if (row.direction !== 'in') return;
  const created: string[] = [];
  /** People whose e-mail status or consent changed: their screens read them again. */
  const changedPeople = new Set<string>();
  const failed = (parsed.deliveryStatus ?? []).some((entry) => entry.action === 'failed');
  if (failed) {
    const bounced = await tx
      .select({ personId: mailBounces.personId, address: mailBounces.address })
      .from(mailBounces)
      .where(
        and(
          eq(mailBounces.workspaceId, row.workspaceId),
          eq(mailBounces.reportId, row.id),
          eq(mailBounces.action, 'failed'),
        ),
      );
    for (const { personId, address } of bounced) {
      if (!personId) continue;
      if (await markBounced(tx, row.workspaceId, personId, address, row.date)) {
        changedPeople.add(personId);
      }
      const id = await open(tx, row, personId, {
        category: 'bounce',
        rule: 'delivery_report',
        returnDate: null,
      });
      if (id) created.push(id);
    }
  } else {
    const sender = parsed.from.address.toLowerCase();
    if (!sender) return;
    const found = await tx
      .select({ id: people.id })
      .from(people)
      .where(
        and(
          eq(people.workspaceId, row.workspaceId),
          sql`(${people.email} = ${sender} or ${sender} = any(${people.additionalEmails}))`,
        ),
      )
      .limit(5);
    if (found.length === 0 || !(await isReply(tx, row))) return;
    const classification = classifyReply({
      subject: parsed.subject,
      text: parsed.text,
      from: sender,
      headers: parsed.autoHeaders,
      failedDelivery: false,
      receivedAt: row.date,
    });
    for (const person of found) {
      const id = await open(tx, row, person.id, classification);
      if (!id) continue;
      created.push(id);
      if (
        classification.category === 'unsubscribe' &&
        (await withdrawConsent(tx, row, person.id, null))
      ) {
        changedPeople.add(person.id);
      }
    }
  }
  for (const personId of changedPeople) {
    await realtime.publish(tx, row.workspaceId, {
      type: 'crm.changed',
      data: { entity: 'people', id: personId, by: '', origin: null },
    });
  }
  if (created.length > 0) {
    await realtime.publish(
      tx,
      row.workspaceId,
      { type: 'conversations.changed', data: { ids: created, created: true } },
      mailboxAudience(mailbox),
    );
  }
}

/**
 * A reply: the thread it joined holds mail the workspace sent before it, or its In-Reply-To or
 * References name a message a mailbox of the workspace sent.
 */
async function isReply(tx: Transaction, row: MessageRow): Promise<boolean> {
  const [inThread] = await tx
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.threadId, row.threadId),
        eq(mailMessages.direction, 'out'),
        ne(mailMessages.status, 'draft'),
        sql`${mailMessages.date} <= ${row.date.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  if (inThread) return true;
  const named = [...new Set([row.inReplyTo, ...row.references].filter(Boolean))] as string[];
  if (named.length === 0) return false;
  const [answered] = await tx
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.workspaceId, row.workspaceId),
        inArray(mailMessages.messageId, named.slice(0, 100)),
        eq(mailMessages.direction, 'out'),
      ),
    )
    .limit(1);
  return Boolean(answered);
}

/** Opens a conversation for the reply and person (none twice); its id, or null when it was there. */
async function open(
  tx: Transaction,
  row: MessageRow,
  personId: string,
  sorted: { category: ConversationCategory; rule: string; returnDate: string | null },
): Promise<string | null> {
  const [inserted] = await tx
    .insert(conversations)
    .values({
      workspaceId: row.workspaceId,
      mailboxId: row.mailboxId,
      messageId: row.id,
      threadId: row.threadId,
      personId,
      category: sorted.category,
      rule: sorted.rule,
      returnDate: sorted.returnDate,
      date: row.date,
    })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  return inserted?.id ?? null;
}

/** The person's primary address bounced: their e-mail status says so. */
async function markBounced(
  tx: Transaction,
  workspaceId: string,
  personId: string,
  address: string,
  at: Date,
): Promise<boolean> {
  const changed = await tx
    .update(people)
    .set({ emailStatus: 'bounced', emailBouncedAt: at, updatedAt: new Date() })
    .where(
      and(eq(people.workspaceId, workspaceId), eq(people.id, personId), eq(people.email, address)),
    )
    .returning({ id: people.id });
  return changed.length > 0;
}

/**
 * An unsubscribe request: the person's consent to e-mail is withdrawn (method `email`, when the
 * message arrived), the note names the message, and the timeline's entry links it. Nothing when
 * it was withdrawn already. `actorId`: the member who re-sorted the reply, null for the rules.
 */
export async function withdrawConsent(
  tx: Transaction,
  message: Pick<MessageRow, 'id' | 'workspaceId' | 'date' | 'subject' | 'fromAddress'>,
  personId: string,
  actorId: string | null,
): Promise<boolean> {
  const [old] = await tx
    .select({ status: people.consentStatus })
    .from(people)
    .where(and(eq(people.workspaceId, message.workspaceId), eq(people.id, personId)))
    .for('update');
  if (!old || old.status === 'withdrawn') return false;
  const note =
    `Unsubscribe request by e-mail from ${message.fromAddress}: "${message.subject}"`.slice(0, 500);
  await tx
    .update(people)
    .set({
      consentStatus: 'withdrawn',
      consentAt: message.date,
      consentMethod: 'email',
      consentNote: note,
      updatedAt: new Date(),
      lastActivityAt: new Date(),
    })
    .where(eq(people.id, personId));
  await tx.insert(activities).values({
    workspaceId: message.workspaceId,
    personId,
    kind: 'field_changed',
    actorId,
    field: 'consentStatus',
    oldValue: old.status,
    newValue: 'withdrawn',
    mailMessageId: message.id,
  });
  return true;
}
