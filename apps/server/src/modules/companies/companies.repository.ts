import { and, eq, sql } from 'drizzle-orm';
import type { Company } from '@beacon/contract';
import { companies } from '../../db/schema/index.ts';
import { isoTime, type Executor } from '../../lib/records/sql.ts';

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

/** Moves a company's people count by `delta` (relative, so concurrent writers add up). */
export async function adjustPeopleCount(db: Executor, companyId: string | null, delta: number) {
  if (!companyId || delta === 0) return;
  await db
    .update(companies)
    .set({ peopleCount: sql`greatest(${companies.peopleCount} + ${delta}, 0)` })
    .where(eq(companies.id, companyId));
}
