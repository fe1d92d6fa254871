import type { Readable } from 'node:stream';
import {
  WORKSPACE_LOGO_MAX_BYTES,
  workspaceLogoTypes,
  type WorkspacePatch,
  type WorkspaceSettings,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { claimUpload, storeUpload, withUpload, type AreaFileRow } from '../../lib/area-files.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './workspace.repository.ts';

type Origin = { ip: string; userAgent: string | null };

const toSettings = (row: repo.WorkspaceRow): WorkspaceSettings => ({
  id: row.id,
  name: row.name,
  defaultCurrency: row.defaultCurrency,
  timeZone: row.timeZone,
  emailTracking: row.emailTracking,
  logoUrl: row.logoUpdatedAt
    ? `/api/workspace/logo?v=${row.logoUpdatedAt.getTime().toString(36)}`
    : null,
  updatedAt: row.updatedAt.toISOString(),
});

/** The workspace's settings (admin panel): any member reads them, admins change them. */
export class WorkspaceService {
  constructor(
    readonly db: Database,
    readonly storage: Storage,
  ) {}

  async get(caller: Caller): Promise<WorkspaceSettings> {
    return toSettings(await repo.getWorkspace(this.db, caller.workspaceId));
  }

  /** Changes what differs, and writes the old and new values to the audit log. */
  async patch(caller: Caller, patch: WorkspacePatch, origin: Origin): Promise<WorkspaceSettings> {
    return this.db.transaction(async (tx) => {
      const old = await repo.lockWorkspace(tx, caller.workspaceId);
      const changes: Record<string, { from: string; to: string }> = {};
      const values: Partial<typeof old> = {};
      for (const key of ['name', 'defaultCurrency', 'timeZone'] as const) {
        const next = patch[key];
        if (next !== undefined && next !== old[key]) {
          changes[key] = { from: old[key], to: next };
          values[key] = next;
        }
      }
      if (patch.emailTracking !== undefined && patch.emailTracking !== old.emailTracking) {
        changes.emailTracking = {
          from: String(old.emailTracking),
          to: String(patch.emailTracking),
        };
        values.emailTracking = patch.emailTracking;
      }
      if (Object.keys(values).length > 0) {
        await repo.updateWorkspace(tx, caller.workspaceId, values);
        await recordAudit(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          kind: 'workspace.settings_changed',
          subject: 'workspace',
          detail: { changes },
          ...origin,
        });
      }
      return toSettings(await repo.getWorkspace(tx, caller.workspaceId));
    });
  }

  /**
   * Sets the logo: an image by its bytes (PNG, JPEG, GIF, WebP: the storage's detection, 415
   * otherwise), up to 1 MB, stored as the workspace's (`logo`). The logo it replaces leaves the
   * storage with the change (migration 0020's trigger).
   */
  async setLogo(
    caller: Caller,
    upload: { body: Readable; declaredSize?: number },
    origin: Origin,
  ): Promise<WorkspaceSettings> {
    const file = await storeUpload(this.storage, this.db, {
      ...upload,
      workspaceId: caller.workspaceId,
      createdBy: caller.userId,
      name: 'logo',
      accept: workspaceLogoTypes,
      maxBytes: WORKSPACE_LOGO_MAX_BYTES,
      empty: () => new AppError('VALIDATION_FAILED', 'The file is empty'),
    });
    return withUpload(this.storage, this.db, file, () =>
      this.db.transaction(async (tx) => {
        await repo.lockWorkspace(tx, caller.workspaceId);
        const stored = await claimUpload(this.storage, tx, file, {
          ownerKind: 'logo',
          ownerId: caller.workspaceId,
        });
        await repo.putLogo(tx, caller.workspaceId, stored);
        await recordAudit(tx, {
          workspaceId: caller.workspaceId,
          actorId: caller.userId,
          kind: 'workspace.settings_changed',
          subject: 'workspace',
          detail: { changes: { logo: { to: stored.contentType, size: stored.size } } },
          ...origin,
        });
        return toSettings(await repo.getWorkspace(tx, caller.workspaceId));
      }),
    );
  }

  async removeLogo(caller: Caller, origin: Origin): Promise<WorkspaceSettings> {
    return this.db.transaction(async (tx) => {
      await repo.lockWorkspace(tx, caller.workspaceId);
      if (!(await repo.deleteLogo(tx, caller.workspaceId))) throw notFound('There is no logo');
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actorId: caller.userId,
        kind: 'workspace.settings_changed',
        subject: 'workspace',
        detail: { changes: { logo: { to: null } } },
        ...origin,
      });
      return toSettings(await repo.getWorkspace(tx, caller.workspaceId));
    });
  }

  async logo(caller: Caller): Promise<AreaFileRow> {
    const logo = await repo.getLogo(this.db, caller.workspaceId);
    if (!logo) throw notFound('There is no logo');
    return logo;
  }
}
