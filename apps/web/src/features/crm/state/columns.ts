import type { CrmEntity } from '../api/record-query.ts';

/** How a cell shows its value. */
export type CellKind =
  | 'name'
  | 'text'
  | 'email'
  | 'stage'
  | 'enum'
  | 'owner'
  | 'tags'
  | 'date'
  | 'day'
  | 'number'
  | 'link'
  | 'money'
  | 'dealStage'
  | 'flag';

export interface ColumnDef {
  id: string;
  /** The sort key the server takes (`col` / `-col`); absent when the column cannot be sorted. */
  sortKey?: string;
  /** The export's column names for this column. */
  exportKeys: string[];
  kind: CellKind;
  /** Width in px. */
  width: number;
}

const col = (
  id: string,
  kind: CellKind,
  width: number,
  options: { sortKey?: string | null; exportKeys?: string[] } = {},
): ColumnDef => ({
  id,
  kind,
  width,
  ...(options.sortKey === null ? {} : { sortKey: options.sortKey ?? id }),
  exportKeys: options.exportKeys ?? [id],
});

export const PEOPLE_COLUMNS: readonly ColumnDef[] = [
  col('name', 'name', 220, { sortKey: 'lastName', exportKeys: ['firstName', 'lastName'] }),
  col('email', 'email', 240),
  col('jobTitle', 'text', 200),
  col('companyName', 'text', 180),
  col('stage', 'stage', 140),
  col('ownerId', 'owner', 160),
  col('seniority', 'enum', 120),
  col('department', 'text', 140),
  col('city', 'text', 130),
  col('country', 'text', 130),
  col('timeZone', 'text', 160),
  col('tags', 'tags', 180, { sortKey: null }),
  col('source', 'text', 120),
  col('linkedinUrl', 'link', 200),
  col('lastActivityAt', 'date', 140),
  col('createdAt', 'date', 140),
  col('updatedAt', 'date', 140),
];

export const COMPANY_COLUMNS: readonly ColumnDef[] = [
  col('name', 'name', 220),
  col('domain', 'text', 180),
  col('industry', 'text', 160),
  col('size', 'enum', 110),
  col('revenueRange', 'enum', 130),
  col('peopleCount', 'number', 100),
  col('ownerId', 'owner', 160),
  col('city', 'text', 130),
  col('country', 'text', 130),
  col('tags', 'tags', 180, { sortKey: null }),
  col('linkedinUrl', 'link', 200),
  col('lastActivityAt', 'date', 140),
  col('createdAt', 'date', 140),
  col('updatedAt', 'date', 140),
];

export const DEAL_COLUMNS: readonly ColumnDef[] = [
  col('name', 'name', 240),
  col('amount', 'money', 140, { exportKeys: ['amount', 'currency'] }),
  col('stageId', 'dealStage', 160, { exportKeys: ['stageName'] }),
  col('status', 'enum', 100),
  col('companyName', 'text', 180),
  col('ownerId', 'owner', 160),
  col('expectedCloseDate', 'day', 140),
  // Computed when read: not a column of the export.
  col('stale', 'flag', 90, { sortKey: null, exportKeys: [] }),
  col('nextStep', 'text', 200),
  col('source', 'text', 120),
  col('tags', 'tags', 180, { sortKey: null }),
  col('lastActivityAt', 'date', 140),
  col('stageChangedAt', 'date', 140),
  col('closedAt', 'date', 140),
  col('createdAt', 'date', 140),
  col('updatedAt', 'date', 140),
];

export const DEFAULT_COLUMNS: Record<CrmEntity, readonly string[]> = {
  people: ['name', 'email', 'jobTitle', 'companyName', 'stage', 'ownerId', 'lastActivityAt'],
  companies: ['name', 'domain', 'industry', 'size', 'peopleCount', 'ownerId', 'lastActivityAt'],
  deals: ['name', 'amount', 'stageId', 'companyName', 'ownerId', 'expectedCloseDate', 'stale'],
};

const COLUMNS: Record<CrmEntity, readonly ColumnDef[]> = {
  people: PEOPLE_COLUMNS,
  companies: COMPANY_COLUMNS,
  deals: DEAL_COLUMNS,
};

export function columnsOf(entity: CrmEntity): readonly ColumnDef[] {
  return COLUMNS[entity];
}

/**
 * The columns to show, in order: known ids only, each once, the name column always first and
 * always there (it is the link to the record). An empty or absent choice gives the defaults.
 */
export function normalizeColumns(entity: CrmEntity, choice: readonly string[] | null): string[] {
  const known = new Set(columnsOf(entity).map((c) => c.id));
  const seen = new Set<string>();
  const ids = (choice && choice.length > 0 ? choice : DEFAULT_COLUMNS[entity]).filter((id) => {
    if (!known.has(id) || seen.has(id) || id === 'name') return false;
    seen.add(id);
    return true;
  });
  return ['name', ...ids];
}

export function visibleColumnDefs(entity: CrmEntity, choice: readonly string[]): ColumnDef[] {
  const byId = new Map(columnsOf(entity).map((c) => [c.id, c]));
  return normalizeColumns(entity, choice).flatMap((id) => {
    const def = byId.get(id);
    return def ? [def] : [];
  });
}

/** Shows a hidden column (at the end) or hides a shown one; the name column stays. */
export function toggleColumn(entity: CrmEntity, choice: readonly string[], id: string): string[] {
  const current = normalizeColumns(entity, choice);
  if (id === 'name') return current;
  if (current.includes(id)) return current.filter((c) => c !== id);
  return normalizeColumns(entity, [...current, id]);
}

/**
 * Moves a shown column one place earlier (-1) or later (+1) among the shown columns; the name
 * column stays first, and a move past either end changes nothing.
 */
export function moveColumn(
  entity: CrmEntity,
  choice: readonly string[],
  id: string,
  delta: -1 | 1,
): string[] {
  const current = normalizeColumns(entity, choice);
  const from = current.indexOf(id);
  const to = from + delta;
  if (from <= 0 || to <= 0 || to >= current.length) return current;
  const next = [...current];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Whether the choice is the default set, so the address can leave it out. */
export function isDefaultColumns(entity: CrmEntity, choice: readonly string[]): boolean {
  const normal = normalizeColumns(entity, choice);
  const defaults = normalizeColumns(entity, null);
  return normal.length === defaults.length && normal.every((id, i) => id === defaults[i]);
}

/** The export's `columns` for the shown columns. */
export function exportColumns(entity: CrmEntity, choice: readonly string[]): string[] {
  return visibleColumnDefs(entity, choice).flatMap((c) => c.exportKeys);
}

/** The next sort after a click on a column's header: ascending, then descending, then ascending. */
export function nextSort(current: string | null, sortKey: string): string {
  return current === sortKey ? `-${sortKey}` : sortKey;
}

export function sortState(
  current: string | null,
  sortKey: string | undefined,
): 'asc' | 'desc' | false {
  if (!current || !sortKey) return false;
  if (current === sortKey) return 'asc';
  if (current === `-${sortKey}`) return 'desc';
  return false;
}
