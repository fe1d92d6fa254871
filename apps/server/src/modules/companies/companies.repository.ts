import { and, eq, sql } from 'drizzle-orm';
import type { Company } from '@beacon/contract';
import { companies } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { seenIds } from '../../lib/records/links.ts';
import { isoTime, type Executor } from '../../lib/records/sql.ts';
import { companiesEntity } from './companies.entity.ts';

export const companyColumns = {
  id: companies.id,
  name: companies.name,
  domain: companies.domain,
  industry: companies.industry,
  size: companies.size,
  revenueRange: companies.revenueRange,
  city: companies.city,
  region: companies.region,
  country: companies.country,
  description: companies.description,
  linkedinUrl: companies.linkedinUrl,
  ownerId: companies.ownerId,
  tags: companies.tags,
  peopleCount: companies.peopleCount,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  lastActivityAt: companies.lastActivityAt,
};

export type CompanyRow = Pick<typeof companies.$inferSelect, keyof typeof companyColumns>;

export const toCompany = (row: CompanyRow): Company => ({
  ...row,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
  lastActivityAt: isoTime(row.lastActivityAt),
});

export async function getCompany(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, id)));
  return row ? toCompany(row) : undefined;
}

/**
 * The company a person or deal links to, as a record detail embeds it: null without one, and null
 * when the caller does not see it (record visibility: only the link's id shows, lib/records/links.ts).
 */
export async function linkedCompany(
  db: Executor,
  caller: Pick<Caller, 'userId' | 'visibility' | 'workspaceId'>,
  companyId: string | null,
): Promise<Company | null> {
  if (!companyId) return null;
  const seen = await seenIds(db, caller, companiesEntity, [companyId]);
  return seen.has(companyId)
    ? ((await getCompany(db, caller.workspaceId, companyId)) ?? null)
    : null;
}

/** Moves a company's people count by `delta` (relative, so concurrent writers add up). */
export async function adjustPeopleCount(db: Executor, companyId: string | null, delta: number) {
  if (!companyId || delta === 0) return;
  await db
    .update(companies)
    .set({ peopleCount: sql`greatest(${companies.peopleCount} + ${delta}, 0)` })
    .where(eq(companies.id, companyId));
}
