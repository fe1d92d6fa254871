import type {
  KanbanBoard,
  KanbanCard,
  KanbanCardPatch,
  KanbanColumn,
  KanbanComment,
} from '@beacon/contract';
import type { z } from 'zod';
import type { kanbanCardInputSchema } from '@beacon/contract';
import { randomUUID } from 'node:crypto';
import { KANBAN_ATTACHMENT_MAX_BYTES } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { checkTaken, claimTaken, copyForTaking, removeAll } from '../../lib/area-files.ts';
import type { Caller } from '../../lib/caller.ts';
import type { Previews } from '../../lib/previews/previews.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { keyBetween, spreadKeys } from '../../lib/positions.ts';
import type { KanbanRealtime } from '@beacon/contract';
import type { Realtime } from '../../lib/realtime.ts';
import { filesToTake } from '../files/files.take.ts';
import { nonMembers } from '../members/members.repository.ts';
import * as repo from './kanban.repository.ts';

type CardInput = z.output<typeof kanbanCardInputSchema>;

const columnNotFound = () => notFound('No such column');
const cardNotFound = () => notFound('No such card');

/**
 * The key for a place among `siblings` (in order): between the neighbours at `index`. Returns
 * `renumbered` when equal keys (two concurrent moves to one place) left no room and the siblings
 * had to be spread out first.
 */
function placeAt(siblings: repo.Positioned[], index: number) {
  const at = Math.min(index, siblings.length);
  let before = siblings[at - 1]?.position ?? null;
  let after = siblings[at]?.position ?? null;
  let renumbered: repo.Positioned[] | null = null;
  if (before !== null && after !== null && before >= after) {
    const keys = spreadKeys(siblings.length);
    renumbered = siblings.map((s, i) => ({ id: s.id, position: keys[i]! }));
    before = renumbered[at - 1]?.position ?? null;
    after = renumbered[at]?.position ?? null;
  }
  return { position: keyBetween(before, after), renumbered };
}

export class KanbanService {
  constructor(
    readonly db: Database,
    private readonly realtime: Realtime,
    readonly storage: Storage,
    private readonly previews: Previews,
  ) {}

  async board(caller: Caller): Promise<KanbanBoard> {
    const [columns, cards] = await Promise.all([
      repo.listColumns(this.db, caller.workspaceId),
      repo.listCards(this.db, caller.workspaceId),
    ]);
    const board: KanbanBoard = { cards: {}, columns: {}, columnOrder: columns.map((c) => c.id) };
    for (const column of columns) board.columns[column.id] = { ...column, cardIds: [] };
    for (const card of cards.sort(repo.byPosition)) {
      board.cards[card.id] = card;
      board.columns[card.columnId]?.cardIds.push(card.id);
    }
    return board;
  }

  async createColumn(caller: Caller, name: string): Promise<KanbanColumn> {
    return this.write(caller, async (tx, publish) => {
      const columns = await repo.listColumns(tx, caller.workspaceId);
      const position = keyBetween(columns.at(-1)?.position ?? null, null);
      const column = {
        ...(await repo.insertColumn(tx, caller.workspaceId, name, position)),
        cardIds: [],
      };
      await publish({ type: 'kanban.column.created', data: column });
      return column;
    });
  }

  async renameColumn(caller: Caller, columnId: string, name: string): Promise<KanbanColumn> {
    return this.write(caller, async (tx, publish) => {
      const row = await repo.updateColumn(tx, caller.workspaceId, columnId, { name });
      if (!row) throw columnNotFound();
      const column = { ...row, cardIds: await repo.cardIdsOfColumn(tx, columnId) };
      await publish({ type: 'kanban.column.updated', data: { id: row.id, name: row.name } });
      return column;
    });
  }

  /** Deletes a column with its cards. */
  async deleteColumn(caller: Caller, columnId: string) {
    return this.write(caller, async (tx, publish) => {
      if (!(await repo.getColumn(tx, caller.workspaceId, columnId))) throw columnNotFound();
      const cardIds = await repo.cardIdsOfColumn(tx, columnId);
      await repo.deleteColumn(tx, caller.workspaceId, columnId);
      await publish({ type: 'kanban.column.deleted', data: { columnId } });
      return { columnId, cardIds };
    });
  }

  /** Removes every card of a column, keeping the column. */
  async clearColumn(caller: Caller, columnId: string): Promise<KanbanColumn> {
    return this.write(caller, async (tx, publish) => {
      const column = await repo.getColumn(tx, caller.workspaceId, columnId);
      if (!column) throw columnNotFound();
      await repo.deleteCardsOfColumn(tx, columnId);
      await publish({ type: 'kanban.column.cleared', data: { columnId } });
      return { ...column, cardIds: [] };
    });
  }

  async moveColumn(caller: Caller, columnId: string, index: number) {
    return this.write(caller, async (tx, publish) => {
      const columns = await repo.listColumns(tx, caller.workspaceId);
      if (!columns.some((c) => c.id === columnId)) throw columnNotFound();
      const others = columns.filter((c) => c.id !== columnId);
      const { position, renumbered } = placeAt(others, index);
      if (renumbered) await repo.setPositions(tx, 'columns', renumbered);
      await repo.updateColumn(tx, caller.workspaceId, columnId, { position });
      const columnOrder = (await repo.listColumns(tx, caller.workspaceId)).map((c) => c.id);
      await publish(
        renumbered
          ? { type: 'kanban.board.changed', data: null, refetch: true }
          : { type: 'kanban.column.moved', data: { columnId, position } },
      );
      return { columnOrder };
    });
  }

  async createCard(caller: Caller, columnId: string, input: CardInput): Promise<KanbanCard> {
    await this.checkAssignees(caller, input.assigneeIds);
    return this.write(caller, async (tx, publish) => {
      if (!(await repo.getColumn(tx, caller.workspaceId, columnId))) throw columnNotFound();
      const siblings = await repo.siblingCards(tx, columnId);
      const id = await repo.insertCard(tx, caller.workspaceId, {
        columnId,
        name: input.name,
        description: input.description,
        priority: input.priority,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        labels: input.labels,
        checklist: input.checklist,
        position: keyBetween(siblings.at(-1)?.position ?? null, null),
        createdBy: caller.userId,
      });
      await repo.replaceAssignees(tx, id, input.assigneeIds);
      const card = (await repo.getCard(tx, caller.workspaceId, id))!;
      await publish({ type: 'kanban.card.created', data: card });
      return card;
    });
  }

  async updateCard(caller: Caller, cardId: string, patch: KanbanCardPatch): Promise<KanbanCard> {
    if (patch.assigneeIds) await this.checkAssignees(caller, patch.assigneeIds);
    return this.write(caller, async (tx, publish) => {
      const found = await repo.updateCard(tx, caller.workspaceId, cardId, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.dueAt !== undefined ? { dueAt: patch.dueAt ? new Date(patch.dueAt) : null } : {}),
        ...(patch.labels !== undefined ? { labels: patch.labels } : {}),
        ...(patch.checklist !== undefined ? { checklist: patch.checklist } : {}),
      });
      if (!found) throw cardNotFound();
      if (patch.assigneeIds) await repo.replaceAssignees(tx, cardId, patch.assigneeIds);
      const card = (await repo.getCard(tx, caller.workspaceId, cardId))!;
      await publish({ type: 'kanban.card.updated', data: card });
      return card;
    });
  }

  async deleteCard(caller: Caller, cardId: string) {
    return this.write(caller, async (tx, publish) => {
      const deleted = await repo.deleteCard(tx, caller.workspaceId, cardId);
      if (!deleted) throw cardNotFound();
      const data = { cardId: deleted.id, columnId: deleted.columnId };
      await publish({ type: 'kanban.card.deleted', data });
      return data;
    });
  }

  /**
   * Moves a card to `index` among the other cards of `columnId`. It writes one key on one row,
   * so concurrent moves elsewhere in the column never disturb each other.
   */
  async moveCard(
    caller: Caller,
    cardId: string,
    columnId: string,
    index: number,
  ): Promise<KanbanCard> {
    return this.write(caller, async (tx, publish) => {
      if (!(await repo.lockCard(tx, caller.workspaceId, cardId))) throw cardNotFound();
      if (!(await repo.getColumn(tx, caller.workspaceId, columnId))) throw columnNotFound();
      const siblings = await repo.siblingCards(tx, columnId, cardId);
      const { position, renumbered } = placeAt(siblings, index);
      if (renumbered) await repo.setPositions(tx, 'cards', renumbered);
      await repo.updateCard(tx, caller.workspaceId, cardId, { columnId, position });
      const card = (await repo.getCard(tx, caller.workspaceId, cardId))!;
      await publish(
        renumbered
          ? { type: 'kanban.board.changed', data: null, refetch: true }
          : { type: 'kanban.card.moved', data: card },
      );
      return card;
    });
  }

  async comments(caller: Caller, cardId: string): Promise<KanbanComment[]> {
    if (!(await repo.getCard(this.db, caller.workspaceId, cardId))) throw cardNotFound();
    return repo.listComments(this.db, cardId);
  }

  async addComment(caller: Caller, cardId: string, body: string): Promise<KanbanComment> {
    return this.write(caller, async (tx, publish) => {
      if (!(await repo.lockCard(tx, caller.workspaceId, cardId))) throw cardNotFound();
      const comment = await repo.insertComment(tx, cardId, caller.userId, body);
      await publish({ type: 'kanban.comment.created', data: comment });
      return comment;
    });
  }

  /**
   * Attaches files to a card, all or none: finished uploads of the caller's (`/api/uploads`), and
   * copies of files-manager files they see (their bytes copied into files of the card's own). Any
   * type (served as a download), up to 10 MB each, none empty; stored as the card's
   * (`kanban_attachment`); images and PDFs get thumbnails. Another member's upload, another
   * workspace's, one taken already, or a file the caller does not see answer 404.
   */
  async attachFiles(
    caller: Caller,
    cardId: string,
    input: { uploadIds: readonly string[]; fileIds: readonly string[] },
  ): Promise<KanbanCard> {
    if (!(await repo.getCard(this.db, caller.workspaceId, cardId))) throw cardNotFound();
    const rules = {
      ownerKind: 'kanban_attachment',
      maxBytes: KANBAN_ATTACHMENT_MAX_BYTES,
      empty: () => new AppError('BAD_REQUEST', 'The file is empty'),
    };
    const sources = await filesToTake(this.db, this.storage, caller, input.fileIds);
    checkTaken(sources, rules);
    // Copied before the transaction (the storage writes on a connection of its own), then
    // claimed in it with the uploads; removed when it fails.
    const copies = await copyForTaking(this.storage, this.db, caller, sources);
    const uploadIds = [...new Set(input.uploadIds), ...copies.map((copy) => copy.id)];
    try {
      return await this.write(caller, async (tx, publish) => {
        if (!(await repo.lockCard(tx, caller.workspaceId, cardId))) throw cardNotFound();
        const ids = uploadIds.map(() => randomUUID());
        const files = await claimTaken(this.storage, tx, caller, uploadIds, ids, rules);
        for (const [index, file] of files.entries()) {
          await repo.insertAttachment(tx, {
            id: ids[index]!,
            cardId,
            name: file.name,
            mimeType: file.contentType,
            size: file.size,
            storedFileId: file.id,
            createdBy: caller.userId,
          });
          await this.previews.request(tx, file);
        }
        const card = (await repo.getCard(tx, caller.workspaceId, cardId))!;
        await publish({ type: 'kanban.card.updated', data: card });
        return card;
      });
    } catch (error) {
      await removeAll(this.storage, this.db, copies);
      throw error;
    }
  }

  async attachment(caller: Caller, attachmentId: string) {
    const attachment = await repo.getAttachment(this.db, caller.workspaceId, attachmentId);
    if (!attachment) throw notFound('No such attachment');
    return attachment;
  }

  async removeAttachment(caller: Caller, attachmentId: string): Promise<KanbanCard> {
    return this.write(caller, async (tx, publish) => {
      const attachment = await repo.getAttachment(tx, caller.workspaceId, attachmentId);
      if (!attachment) throw notFound('No such attachment');
      await repo.deleteAttachment(tx, attachmentId);
      const card = (await repo.getCard(tx, caller.workspaceId, attachment.cardId))!;
      await publish({ type: 'kanban.card.updated', data: card });
      return card;
    });
  }

  /** Runs a write in a transaction whose realtime events go out only if it commits. */
  private write<T>(
    caller: Caller,
    work: (tx: repo.Executor, publish: (message: KanbanRealtime) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction((tx) =>
      work(tx, (message) => this.realtime.publish(tx, caller.workspaceId, message)),
    );
  }

  private async checkAssignees(caller: Caller, ids: string[]) {
    if ((await nonMembers(this.db, caller.workspaceId, ids)).length > 0) {
      const message = 'Assignees must be members of your workspace';
      throw fieldError('assigneeIds', message);
    }
  }
}
