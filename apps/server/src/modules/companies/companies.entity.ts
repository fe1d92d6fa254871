import { sql, type SQL } from 'drizzle-orm';
import { companyFieldKinds, companySizes, revenueRanges } from '@beacon/contract';
import { fieldsOf, type EntityDef } from '../../lib/records/fields.ts';
import { rowsOf, type Executor } from '../../lib/records/sql.ts';

const c = fieldsOf('companies');

/** Deletes the selected companies; their people and deals stay, unlinked, without its name. */
async function deleteCompanies(db: Executor, match: SQL): Promise<number> {
  await db.execute(
    sql`update people set company_name = '', updated_at = now()
        where company_id in (select "companies".id from "companies" where ${match})`,
  );
  await db.execute(
    sql`update deals set company_name = '', updated_at = now()
        where company_id in (select "companies".id from "companies" where ${match})`,
  );
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with removed as (delete from "companies" where ${match} returning 1)
        select count(*)::int as n from removed`,
  );
  return Number(row?.n ?? 0);
}

/** Companies in the records registry (registered in modules/record-entities.ts). */
export const companiesEntity: EntityDef = {
  name: 'companies',
  subject: 'company',
  notFound: 'No such company',
  subjectKey: 'companyId',
  table: 'companies',
  ownerColumn: 'owner_id',
  fields: {
    id: c('id', 'uuid'),
    name: c('name'),
    domain: c('domain', 'text', { lowerCased: true }),
    industry: c('industry'),
    size: c('size', 'company_size', { nullable: true, values: companySizes }),
    revenueRange: c('revenue_range', 'revenue_range', { nullable: true, values: revenueRanges }),
    city: c('city'),
    region: c('region'),
    country: c('country'),
    description: c('description'),
    linkedinUrl: c('linkedin_url'),
    ownerId: c('owner_id', 'uuid', { nullable: true }),
    tags: c('tags', 'text[]', { sortable: false }),
    peopleCount: c('people_count', 'integer'),
    createdAt: c('created_at', 'timestamptz'),
    updatedAt: c('updated_at', 'timestamptz'),
    lastActivityAt: c('last_activity_at', 'timestamptz'),
  },
  kinds: companyFieldKinds,
  members: { table: 'list_companies', column: 'company_id' },
  defaultSort: '-createdAt',
  deleteWhere: deleteCompanies,
};
