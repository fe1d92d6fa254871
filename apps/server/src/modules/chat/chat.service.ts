import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_BODY_MAX_CHARS,
  chatImageTypes,
  CHAT_PAGE_SIZE,
  type ChatAttachment,
  type ChatContact,
  type ChatContentType,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatMessage,
  type ChatMessagePage,
  type ChatParticipant,
  type ChatRealtime,
} from '@beacon/contract';
import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.ts';
import { checkTaken, claimTaken, copyForTaking, removeAll } from '../../lib/area-files.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Previews } from '../../lib/previews/previews.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { filesToTake } from '../files/files.take.ts';
import { nonMembers } from '../members/members.repository.ts';
import { mentionMailees, raiseChatMentions } from '../notifications/notifications.repository.ts';
import * as repo from './chat.repository.ts';

/**
 * What a message may carry: an image of the four types the browser previews, or any file that is
 * not an image (docs/decisions/065-files-where-used.md).
 */
const chatAccepts = (contentType: string) =>
  !contentType.startsWith('image/') || (chatImageTypes as readonly string[]).includes(contentType);

const conversationNotFound = () => notFound('No such conversation');
const messageNotFound = () => notFound('No such message');

/** A body over the limit is refused whole (413), never cut. */
function checkBody(body: string): void {
  if ([...body].length > CHAT_BODY_MAX_CHARS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A message holds at most ${CHAT_BODY_MAX_CHARS} characters`,
    );
  }
}

/** What a mention notification says: who, and the start of the message. */
function mentionTitle(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/**
 * The chat's rules (docs/decisions/048-chat.md). Only a conversation's current participants read
 * it or write to it; any other caller (another workspace, a member not in it) gets 404. Events go
 * to the participants only (`realtime.publish(..., { to })`).
 */
export class ChatService {
  constructor(
    readonly db: Database,
    private readonly realtime: Realtime,
    readonly storage: Storage,
    private readonly previews: Previews,
    /** Sends mentions by e-mail to the members who chose it (account, notifications). */
    private readonly mailer?: Mailer,
  ) {}

  contacts(caller: Caller): Promise<ChatContact[]> {
    return repo.listContacts(this.db, caller.workspaceId);
  }

  async conversations(caller: Caller): Promise<ChatConversationSummary[]> {
    const rows = await repo.listConversations(this.db, caller);
    const ids = rows.map((r) => r.id);
    const [participants, last] = await Promise.all([
      repo.listParticipants(this.db, caller.workspaceId, ids),
      repo.lastMessages(this.db, rows),
    ]);
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      participants: participants.get(row.id) ?? [],
      lastMessage: last.get(row.id) ?? null,
      unreadCount: row.unreadCount,
      updatedAt: row.updatedAt,
    }));
  }

  async conversation(caller: Caller, conversationId: string): Promise<ChatConversation> {
    return this.conversationIn(this.db, caller, conversationId);
  }

  private async conversationIn(
    db: Executor,
    caller: Caller,
    conversationId: string,
    limit = CHAT_PAGE_SIZE,
  ): Promise<ChatConversation> {
    const row = await repo.getConversation(db, caller, conversationId);
    if (!row) throw conversationNotFound();
    const [participants, messages] = await Promise.all([
      repo.listParticipants(db, caller.workspaceId, [row.id]),
      repo.pageOfMessages(db, row.id, { limit: limit + 1 }),
    ]);
    const hasOlder = messages.length > limit;
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      participants: participants.get(row.id) ?? [],
      messages: hasOlder ? messages.slice(1) : messages,
      hasOlder,
      unreadCount: row.unreadCount,
      updatedAt: row.updatedAt,
    };
  }

  async participants(caller: Caller, conversationId: string): Promise<ChatParticipant[]> {
    if (!(await repo.membership(this.db, caller, conversationId))) throw conversationNotFound();
    const map = await repo.listParticipants(this.db, caller.workspaceId, [conversationId]);
    return map.get(conversationId) ?? [];
  }

  async unread(caller: Caller): Promise<number> {
    return repo.unreadTotal(this.db, caller);
  }

  async messages(
    caller: Caller,
    query: { conversationId: string; before?: number; after?: number; limit: number },
  ): Promise<ChatMessagePage> {
    if (query.before !== undefined && query.after !== undefined) {
      throw fieldError('after', 'Ask for messages before or after a place, not both');
    }
    if (!(await repo.membership(this.db, caller, query.conversationId))) {
      throw conversationNotFound();
    }
    const messages = await repo.pageOfMessages(this.db, query.conversationId, {
      before: query.before,
      after: query.after,
      limit: query.limit + 1,
    });
    const hasMore = messages.length > query.limit;
    if (!hasMore) return { messages, hasMore };
    // One too many was read to know there are more: drop the one farthest from the bound.
    return {
      messages: query.after !== undefined ? messages.slice(0, -1) : messages.slice(1),
      hasMore,
    };
  }

  async markAsSeen(caller: Caller, conversationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const member = await repo.membership(tx, caller, conversationId);
      if (!member) throw conversationNotFound();
      if (!(await repo.markRead(tx, caller, conversationId, member.lastSeq))) return;
      await this.publish(tx, caller.workspaceId, await repo.participantIds(tx, conversationId), {
        type: 'chat.read',
        data: { conversationId, userId: caller.userId, lastReadSeq: member.lastSeq },
      });
    });
  }

  async start(
    caller: Caller,
    body: { participantIds: string[]; group: boolean; name: string },
  ): Promise<ChatConversation> {
    const others = [...new Set(body.participantIds)].filter((id) => id !== caller.userId);
    if (others.length === 0) {
      throw fieldError('participantIds', 'Choose at least one other member');
    }
    // Another workspace's member, or one who left: not found, as any id the workspace lacks.
    if ((await nonMembers(this.db, caller.workspaceId, others)).length > 0) {
      throw notFound('No such member');
    }
    const group = body.group || others.length > 1;
    const memberIds = [caller.userId, ...others];
    const directKey = group ? null : [...memberIds].sort().join(':');
    return this.db.transaction(async (tx) => {
      let id = await repo.createConversation(tx, {
        workspaceId: caller.workspaceId,
        type: group ? 'group' : 'direct',
        name: group ? body.name : '',
        directKey,
        createdBy: caller.userId,
        memberIds,
      });
      if (id === null) {
        // The two already have their direct conversation: that one, for both of them again.
        id = (await repo.findDirect(tx, caller.workspaceId, directKey!))!;
        await repo.rejoin(tx, id, memberIds);
      }
      await this.publish(tx, caller.workspaceId, memberIds, {
        type: 'chat.conversation.changed',
        data: { conversationId: id },
      });
      return this.conversationIn(tx, caller, id);
    });
  }

  async leave(caller: Caller, conversationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const member = await repo.membership(tx, caller, conversationId, { lock: true });
      if (!member) throw conversationNotFound();
      if (member.type !== 'group') {
        throw fieldError('conversationId', 'Only a group conversation can be left');
      }
      const before = await repo.participantIds(tx, conversationId);
      await repo.leave(tx, caller, conversationId);
      await this.publish(tx, caller.workspaceId, before, {
        type: 'chat.conversation.changed',
        data: { conversationId },
      });
    });
  }

  async send(
    caller: Caller,
    body: {
      conversationId: string;
      body: string;
      attachmentIds: string[];
      mentionIds: string[];
      clientId?: string;
    },
    /** Where mailed links start (lib/public-url.ts); none without it. */
    linkBase?: string,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    checkBody(body.body);
    const attachmentIds = [...new Set(body.attachmentIds)];
    if (body.body.trim() === '' && attachmentIds.length === 0) {
      throw fieldError('body', 'Write something or attach a file');
    }
    const mailIds: string[] = [];
    const sent = await this.db.transaction(async (tx) => {
      // The lock on the conversation's row orders its messages: seqs without gaps.
      const member = await repo.membership(tx, caller, body.conversationId, { lock: true });
      if (!member) throw conversationNotFound();
      if (body.clientId) {
        const sent = await repo.findByClientId(tx, caller, body.conversationId, body.clientId);
        if (sent) return { message: sent, created: false };
      }
      const participants = await repo.participantIds(tx, body.conversationId);
      // Only participants can be mentioned (others could not read it); the sender is not.
      const mentionIds = [...new Set(body.mentionIds)].filter(
        (id) => id !== caller.userId && participants.includes(id),
      );
      const seq = await repo.nextSeq(tx, body.conversationId);
      const messageId = await repo.insertMessage(tx, {
        workspaceId: caller.workspaceId,
        conversationId: body.conversationId,
        seq,
        senderId: caller.userId,
        body: body.body,
        contentType: 'text',
        mentionIds,
        clientId: body.clientId ?? null,
      });
      const types = await repo.attachUploads(
        tx,
        caller,
        body.conversationId,
        messageId,
        attachmentIds,
      );
      if (types.length !== attachmentIds.length) throw notFound('No such attachment');
      const contentType: ChatContentType =
        types.length === 0
          ? 'text'
          : types.every((t) => (chatImageTypes as readonly string[]).includes(t))
            ? 'image'
            : 'file';
      if (contentType !== 'text') {
        await repo.setContentType(tx, messageId, contentType);
      }
      // The sender has read their own message.
      await repo.markRead(tx, caller, body.conversationId, seq);
      const message = (await repo.getMessage(tx, caller.workspaceId, messageId))!;
      await this.publish(tx, caller.workspaceId, participants, {
        type: 'chat.message.created',
        data: { conversationId: body.conversationId, message },
      });
      const raised = await raiseChatMentions(tx, {
        workspaceId: caller.workspaceId,
        conversationId: body.conversationId,
        userIds: mentionIds,
        title: mentionTitle(body.body),
      });
      for (const n of raised) {
        await this.realtime.publish(tx, caller.workspaceId, {
          type: 'notification.created',
          data: { userId: n.userId, id: n.id },
        });
      }
      if (this.mailer) {
        const { sender, mailees } = await mentionMailees(tx, caller.userId, mentionIds);
        for (const to of mailees) {
          mailIds.push(
            await this.mailer.enqueue(tx, {
              to: to.email,
              workspaceId: caller.workspaceId,
              subject: `${sender} mentioned you in chat`,
              text:
                `Hello ${to.firstName},\n\n${sender} mentioned you: "${mentionTitle(body.body)}"\n\n` +
                (linkBase
                  ? `Open the conversation: ${linkBase}/dashboard/chat/${body.conversationId}\n\n`
                  : '') +
                `You get this e-mail because you chose it in your account's notifications.\n`,
            }),
          );
        }
      }
      return { message, created: true };
    });
    for (const id of mailIds) await this.mailer?.deliver(id);
    return sent;
  }

  /** Edits or deletes the caller's own message; another's is refused (403), unseen ones 404. */
  async change(
    caller: Caller,
    messageId: string,
    change: { body: string } | { deleted: true },
  ): Promise<ChatMessage> {
    if ('body' in change) {
      checkBody(change.body);
      if (change.body.trim() === '') throw fieldError('body', 'A message cannot be empty');
    }
    return this.db.transaction(async (tx) => {
      const found = await repo.getMessage(tx, caller.workspaceId, messageId);
      if (!found) throw messageNotFound();
      const member = await repo.membership(tx, caller, found.conversationId);
      if (!member) throw messageNotFound();
      if (found.senderId !== caller.userId) throw forbidden('Only its sender can change a message');
      if (found.deletedAt) throw messageNotFound();
      await repo.editMessage(tx, messageId, change);
      const message = (await repo.getMessage(tx, caller.workspaceId, messageId))!;
      await this.publish(
        tx,
        caller.workspaceId,
        await repo.participantIds(tx, found.conversationId),
        { type: 'chat.message.updated', data: { conversationId: found.conversationId, message } },
      );
      return message;
    });
  }

  async typing(caller: Caller, conversationId: string): Promise<void> {
    if (!(await repo.membership(this.db, caller, conversationId))) throw conversationNotFound();
    const others = (await repo.participantIds(this.db, conversationId)).filter(
      (id) => id !== caller.userId,
    );
    await this.publish(this.db, caller.workspaceId, others, {
      type: 'chat.typing',
      data: { conversationId, userId: caller.userId },
    });
  }

  /**
   * Prepares attachments for a message the caller will send, all or none: finished uploads of
   * the caller's (`/api/uploads`), and copies of files-manager files they see (their bytes copied
   * into files of the conversation's own). Up to 5 MB each, none empty; an image must be one of
   * the four the browser previews (415 otherwise: a TIFF or an SVG would show as nothing), any
   * other type is a file (served as a download). Stored as the conversation's
   * (`chat_attachment`), seen by the caller alone until a message carries them; images and PDFs
   * get thumbnails.
   */
  async attachFiles(
    caller: Caller,
    conversationId: string,
    input: { uploadIds: readonly string[]; fileIds: readonly string[] },
  ): Promise<ChatAttachment[]> {
    if (!(await repo.membership(this.db, caller, conversationId))) throw conversationNotFound();
    const rules = {
      ownerKind: 'chat_attachment',
      accept: chatAccepts,
      maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
      empty: () => fieldError('uploadIds', 'The file is empty'),
    };
    const sources = await filesToTake(this.db, this.storage, caller, input.fileIds);
    checkTaken(sources, rules);
    // Copied before the transaction (the storage writes on a connection of its own), then
    // claimed in it with the uploads; removed when it fails.
    const copies = await copyForTaking(this.storage, this.db, caller, sources);
    const uploadIds = [...new Set(input.uploadIds), ...copies.map((copy) => copy.id)];
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await repo.membership(tx, caller, conversationId))) throw conversationNotFound();
        const ids = uploadIds.map(() => randomUUID());
        const files = await claimTaken(this.storage, tx, caller, uploadIds, ids, rules);
        const attachments: ChatAttachment[] = [];
        for (const [index, file] of files.entries()) {
          attachments.push(
            await repo.insertAttachment(tx, {
              id: ids[index]!,
              workspaceId: caller.workspaceId,
              conversationId,
              name: file.name,
              file,
              createdBy: caller.userId,
            }),
          );
          await this.previews.request(tx, file);
        }
        return attachments;
      });
    } catch (error) {
      await removeAll(this.storage, this.db, copies);
      throw error;
    }
  }

  async attachment(caller: Caller, attachmentId: string) {
    const file = await repo.getAttachment(this.db, caller, attachmentId);
    if (!file) throw notFound('No such attachment');
    return file;
  }

  private async publish(
    executor: Executor,
    workspaceId: string,
    to: string[],
    event: ChatRealtime,
  ): Promise<void> {
    if (to.length === 0) return;
    await this.realtime.publish(executor, workspaceId, event, { to });
  }
}
