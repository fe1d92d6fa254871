import {
  AUDIT_EXPORT_MAX,
  type AuditEntry,
  type AuditFilter,
  type AuditKind,
  type AuditPage,
  type ExportRecord,
} from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { csvLine } from '../../lib/csv-cell.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import * as repo from './audit.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:\d{2})?)$/;

/** An instant as the database writes `timestamptz::text`, on a day that exists. */
function isDatabaseInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60
  );
}

/** The cursor of the next page: the last entry's instant (as the database writes it) and id. */
export function encodeAuditCursor(row: { at: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
}

export function decodeAuditCursor(cursor: string): { at: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isDatabaseInstant(value[0]) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
    ) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw fieldError('cursor', 'Not a cursor of this list');
}

const toEntry = (row: repo.AuditRow): AuditEntry => ({
  id: row.id,
  kind: row.kind as AuditKind,
  actorId: row.actorId,
  actorName: row.actorName,
  actorEmail: row.actorEmail,
  subject: row.subject,
  detail: row.detail ?? {},
  ip: row.ip,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

export const AUDIT_CSV_HEADER = [
  'time',
  'kind',
  'actor',
  'actor_email',
  'subject',
  'detail',
  'ip',
  'user_agent',
];

/** The workspace's audit log (admins): pages, the CSV export, and the exports' history. */
export class AuditService {
  constructor(private readonly db: Database) {}

  async list(
    caller: Caller,
    query: AuditFilter & { limit: number; cursor?: string },
  ): Promise<AuditPage> {
    const range = await this.range(caller, query);
    const before = query.cursor ? decodeAuditCursor(query.cursor) : undefined;
    const rows = await repo.listAudit(
      this.db,
      caller.workspaceId,
      { ...range, before },
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toEntry),
      nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last) : null,
    };
  }

  /**
   * The filtered log as CSV (at most `AUDIT_EXPORT_MAX` entries, newest first). The export is
   * itself written to the log first, so it is in the log whatever happens to the download.
   */
  async exportCsv(
    caller: Caller,
    filter: AuditFilter,
    origin: { ip: string; userAgent: string | null },
  ): Promise<AsyncIterable<string>> {
    const range = await this.range(caller, filter);
    await repo.recordAudit(this.db, {
      workspaceId: caller.workspaceId,
      actorId: caller.userId,
      kind: 'records.exported',
      subject: 'audit',
      detail: { entity: 'audit', filters: { ...filter } },
      ...origin,
    });
    const db = this.db;
    async function* chunks() {
      yield csvLine(AUDIT_CSV_HEADER);
      let before: { at: string; id: string } | undefined;
      let written = 0;
      while (written < AUDIT_EXPORT_MAX) {
        const rows = await repo.listAudit(
          db,
          caller.workspaceId,
          { ...range, before },
          Math.min(1000, AUDIT_EXPORT_MAX - written),
        );
        if (rows.length === 0) return;
        yield rows
          .map((row) =>
            csvLine([
              row.createdAt.toISOString(),
              row.kind,
              row.actorName ?? '',
              row.actorEmail ?? '',
              row.subject ?? '',
              JSON.stringify(row.detail ?? {}),
              row.ip ?? '',
              row.userAgent ?? '',
            ]),
          )
          .join('');
        written += rows.length;
        const last = rows.at(-1)!;
        before = { at: last.at, id: last.id };
        if (rows.length < 1000) return;
      }
    }
    return chunks();
  }

  /** The recent CSV exports of records, for the contributor panel's history. */
  async exports(caller: Caller): Promise<ExportRecord[]> {
    const rows = await repo.recentExports(this.db, caller.workspaceId, 50);
    return rows.map((row) => ({
      id: row.id,
      entity: typeof row.detail?.entity === 'string' ? row.detail.entity : (row.subject ?? ''),
      actorName: row.actorName ?? row.actorEmail,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The filter as the repository takes it; a member of another workspace is not there (404). */
  private async range(caller: Caller, filter: AuditFilter): Promise<repo.AuditRange> {
    if (filter.from && filter.to && Date.parse(filter.from) >= Date.parse(filter.to)) {
      throw fieldError('to', 'The end must come after the start');
    }
    if (filter.actorId && !(await repo.isMember(this.db, caller.workspaceId, filter.actorId))) {
      throw notFound('No such member');
    }
    return { kind: filter.kind, actorId: filter.actorId, from: filter.from, to: filter.to };
  }
}
