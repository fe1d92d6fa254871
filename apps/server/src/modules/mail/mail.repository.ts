import type { MailSummary } from '@beacon/contract';
import type { mailMessages } from '../../db/schema/index.ts';

/** A message as the table holds it. */
export type MessageRow = typeof mailMessages.$inferSelect;

/** Who hears a mailbox's realtime events: its owner, or the whole workspace when it is shared. */
export function mailboxAudience(mailbox: { ownerId: string | null; shared: boolean }): {
  to?: readonly string[];
} {
  if (mailbox.shared) return {};
  return { to: mailbox.ownerId ? [mailbox.ownerId] : [] };
}

/** The labels a message is under: its folder, its flags, then its custom labels. */
export function labelsOf(
  row: Pick<MessageRow, 'folder' | 'starred' | 'important'>,
  customLabelIds: readonly string[],
): string[] {
  return [
    row.folder,
    ...(row.starred ? ['starred'] : []),
    ...(row.important ? ['important'] : []),
    ...customLabelIds,
  ];
}

/** What the list shows of a message. */
export function summaryOf(
  row: MessageRow,
  customLabelIds: readonly string[],
  threadCount: number,
): MailSummary {
  return {
    id: row.id,
    mailboxId: row.mailboxId,
    threadId: row.threadId,
    folder: row.folder,
    labels: labelsOf(row, customLabelIds),
    from: { name: row.fromName, address: row.fromAddress },
    to: row.to,
    subject: row.subject,
    snippet: row.snippet,
    date: row.date.toISOString(),
    isUnread: !row.seen,
    isStarred: row.starred,
    isImportant: row.important,
    hasAttachments: row.hasAttachments,
    direction: row.direction,
    status: row.status,
    sendAt: row.sendAt?.toISOString() ?? null,
    spoofed: row.spoofed,
    threadCount,
  };
}
