import type {
  MemberActivity,
  MemberBulkRole,
  MemberDirectoryQuery,
  MemberImageKind,
  MemberPatch,
  MemberProfile,
  ProfilePatch,
} from '@beacon/contract';
import { MEMBER_IMAGE_MAX_BYTES, memberImageTypes } from '@beacon/contract';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client.ts';
import { claimUpload, storeUpload, withUpload } from '../../lib/area-files.ts';
import type { Caller } from '../../lib/caller.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { ownerScope } from '../../lib/records/scope.ts';
import * as repo from './members.repository.ts';

/** Who acted and from where, as the audit log keeps it. */
export type Origin = { ip: string; userAgent: string | null };

const noMember = () => notFound('No such member in your workspace');
const lastAdmin = () =>
  new AppError(
    'LAST_ADMIN',
    'The workspace needs at least one active admin: make another member admin first',
  );

export class MembersService {
  constructor(
    readonly db: Database,
    readonly storage: Storage,
  ) {}

  list(caller: Caller) {
    return repo.listMembers(this.db, caller.workspaceId);
  }

  directory(caller: Caller, query: MemberDirectoryQuery): Promise<MemberProfile[]> {
    return repo.directory(this.db, caller.workspaceId, query);
  }

  async get(caller: Caller, id: string): Promise<MemberProfile> {
    const member = await repo.getProfile(this.db, caller.workspaceId, id);
    if (!member) throw noMember();
    return member;
  }

  async activity(caller: Caller, id: string): Promise<MemberActivity[]> {
    await this.get(caller, id);
    return repo.recentActivity(this.db, caller.workspaceId, id, ownerScope(caller));
  }

  async updateMe(caller: Caller, patch: ProfilePatch): Promise<MemberProfile> {
    await repo.updateMember(this.db, caller.workspaceId, caller.userId, {
      ...(patch.firstName !== undefined ? { firstName: patch.firstName } : {}),
      ...(patch.lastName !== undefined ? { lastName: patch.lastName } : {}),
      ...(patch.title !== undefined ? { title: patch.title || null } : {}),
      ...(patch.about !== undefined ? { about: patch.about || null } : {}),
    });
    return this.get(caller, caller.userId);
  }

  /**
   * Sets the caller's avatar or cover: a PNG, JPEG, GIF or WebP image by its bytes (the storage's
   * detection; 415 otherwise), up to 5 MB, stored as the member's (`avatar` or `cover`, owned by
   * the member). The image it replaces leaves the storage with the change (migration 0020's
   * trigger).
   */
  async setImage(
    caller: Caller,
    kind: MemberImageKind,
    upload: { body: Readable; declaredSize?: number },
  ): Promise<MemberProfile> {
    const file = await storeUpload(this.storage, this.db, {
      ...upload,
      workspaceId: caller.workspaceId,
      createdBy: caller.userId,
      name: kind,
      accept: memberImageTypes,
      maxBytes: MEMBER_IMAGE_MAX_BYTES,
      empty: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a PNG, JPEG, GIF or WebP image'),
    });
    await withUpload(this.storage, this.db, file, () =>
      this.db.transaction(async (tx) => {
        const stored = await claimUpload(this.storage, tx, file, {
          ownerKind: kind,
          ownerId: caller.userId,
        });
        await repo.putImage(tx, {
          userId: caller.userId,
          workspaceId: caller.workspaceId,
          kind,
          mimeType: stored.contentType,
          storedFileId: stored.id,
        });
        await repo.updateMember(tx, caller.workspaceId, caller.userId, {
          [kind === 'avatar' ? 'avatarUpdatedAt' : 'coverUpdatedAt']: new Date(),
        });
      }),
    );
    return this.get(caller, caller.userId);
  }

  async removeImage(caller: Caller, kind: MemberImageKind): Promise<MemberProfile> {
    await this.db.transaction(async (tx) => {
      await repo.deleteImage(tx, caller.userId, kind);
      await repo.updateMember(tx, caller.workspaceId, caller.userId, {
        [kind === 'avatar' ? 'avatarUpdatedAt' : 'coverUpdatedAt']: null,
      });
    });
    return this.get(caller, caller.userId);
  }

  async image(caller: Caller, id: string, kind: MemberImageKind) {
    const image = await repo.getImage(this.db, caller.workspaceId, id, kind);
    if (!image) throw notFound('No such image');
    return image;
  }

  /** An admin changes a member's role, status or visibility; the last admin stays one. */
  async update(
    caller: Caller,
    id: string,
    patch: MemberPatch,
    origin: Origin,
  ): Promise<MemberProfile> {
    requireAdmin(caller);
    return this.db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx, caller.workspaceId);
      const old = await repo.getProfile(tx, caller.workspaceId, id, true);
      if (!old) throw noMember();
      const losesAdmin =
        old.role === 'admin' &&
        old.status === 'active' &&
        ((patch.role !== undefined && patch.role !== 'admin') || patch.status === 'disabled');
      if (losesAdmin && admins.length <= 1) throw lastAdmin();
      await repo.updateMember(tx, caller.workspaceId, id, patch);
      const audit = (kind: Parameters<typeof recordAudit>[1]['kind'], detail: object) =>
        recordAudit(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          kind,
          subject: `user:${id}`,
          detail: detail as Record<string, unknown>,
          ...origin,
        });
      if (patch.role !== undefined && patch.role !== old.role) {
        await audit('member.role_changed', { from: old.role, to: patch.role });
      }
      if (patch.recordVisibility !== undefined && patch.recordVisibility !== old.recordVisibility) {
        await audit('member.visibility_changed', {
          from: old.recordVisibility,
          to: patch.recordVisibility,
        });
      }
      if (patch.status !== undefined && patch.status !== old.status) {
        await audit(patch.status === 'disabled' ? 'member.deactivated' : 'member.reactivated', {});
      }
      return (await repo.getProfile(tx, caller.workspaceId, id))!;
    });
  }

  /** Several members get one role, all or none; the last admin stays one. */
  async bulkRole(
    caller: Caller,
    request: MemberBulkRole,
    origin: Origin,
  ): Promise<{ affected: number }> {
    requireAdmin(caller);
    const ids = [...new Set(request.ids)];
    return this.db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx, caller.workspaceId);
      const found = await repo.membersIn(tx, caller.workspaceId, ids);
      if (found.length !== ids.length) throw noMember();
      if (request.role !== 'admin') {
        const demoted = new Set(found.filter((m) => m.role === 'admin').map((m) => m.id));
        if (admins.every((id) => demoted.has(id))) throw lastAdmin();
      }
      const changed = await repo.setRoles(tx, caller.workspaceId, ids, request.role);
      const before = new Map(found.map((m) => [m.id, m.role]));
      for (const id of changed) {
        await recordAudit(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          kind: 'member.role_changed',
          subject: `user:${id}`,
          detail: { from: before.get(id), to: request.role },
          ...origin,
        });
      }
      return { affected: changed.length };
    });
  }

  /**
   * Removes a member: their people, companies and deals and their tasks go to `takeoverId`, an
   * active member, in the same transaction as the removal.
   */
  async remove(caller: Caller, id: string, takeoverId: string, origin: Origin): Promise<void> {
    requireAdmin(caller);
    if (takeoverId === id) {
      throw new AppError(
        'VALIDATION_FAILED',
        'takeoverId: choose another member to take over the records',
        { takeoverId: ['Choose another member to take over the records'] },
      );
    }
    await this.db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx, caller.workspaceId);
      const member = await repo.getProfile(tx, caller.workspaceId, id, true);
      const heir = await repo.getProfile(tx, caller.workspaceId, takeoverId);
      if (!member) throw noMember();
      if (!heir || heir.status !== 'active') throw noMember();
      if (member.role === 'admin' && member.status === 'active' && admins.length <= 1) {
        throw lastAdmin();
      }
      const moved = await repo.transferRecords(tx, caller.workspaceId, id, takeoverId);
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'member.removed',
        subject: `user:${id}`,
        detail: { email: member.email, role: member.role, takeoverId, moved },
        ...origin,
      });
      await repo.deleteMember(tx, caller.workspaceId, id);
    });
  }
}

function requireAdmin(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can manage members');
}
