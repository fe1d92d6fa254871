import { sql, type SQL } from 'drizzle-orm';
import {
  consentMethods,
  consentStatuses,
  personEmailStatuses,
  personFieldKinds,
  personStages,
  seniorities,
} from '@beacon/contract';
import { fieldsOf, type EntityDef } from '../../lib/records/fields.ts';
import { rowsOf, type Executor } from '../../lib/records/sql.ts';

const p = fieldsOf('people');

/** Deletes the selected people, keeping their companies' people counts in step. */
async function deletePeople(db: Executor, match: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with removed as (
      delete from "people" where ${match} returning "people".id, "people".company_id
    ), counted as (
      update companies c set people_count = greatest(c.people_count - d.n, 0)
      from (select company_id, count(*)::int as n from removed where company_id is not null
            group by company_id) d
      where c.id = d.company_id
    )
    select count(*)::int as n from removed`,
  );
  return Number(row?.n ?? 0);
}

/** People in the records registry (registered in modules/record-entities.ts). */
export const peopleEntity: EntityDef = {
  name: 'people',
  subject: 'person',
  notFound: 'No such person',
  subjectKey: 'personId',
  table: 'people',
  ownerColumn: 'owner_id',
  fields: {
    id: p('id', 'uuid'),
    firstName: p('first_name'),
    lastName: p('last_name'),
    email: p('email', 'text', { lowerCased: true }),
    additionalEmails: p('additional_emails', 'text[]', { sortable: false }),
    emailStatus: p('email_status', 'person_email_status', {
      values: personEmailStatuses,
      sortable: false,
    }),
    phones: p('phones', 'text[]', { sortable: false }),
    jobTitle: p('job_title'),
    seniority: p('seniority', 'seniority', { nullable: true, values: seniorities }),
    department: p('department'),
    companyId: p('company_id', 'uuid', { nullable: true }),
    companyName: p('company_name'),
    city: p('city'),
    region: p('region'),
    country: p('country'),
    timeZone: p('time_zone'),
    linkedinUrl: p('linkedin_url'),
    ownerId: p('owner_id', 'uuid', { nullable: true }),
    stage: p('stage', 'person_stage', { values: personStages }),
    tags: p('tags', 'text[]', { sortable: false }),
    source: p('source'),
    consentStatus: p('consent_status', 'consent_status', { values: consentStatuses }),
    consentAt: p('consent_at', 'timestamptz', { nullable: true }),
    consentMethod: p('consent_method', 'consent_method', {
      nullable: true,
      values: consentMethods,
    }),
    createdAt: p('created_at', 'timestamptz'),
    updatedAt: p('updated_at', 'timestamptz'),
    lastActivityAt: p('last_activity_at', 'timestamptz'),
  },
  kinds: personFieldKinds,
  members: { table: 'list_people', column: 'person_id' },
  defaultSort: '-createdAt',
  linkedNames: [
    {
      field: 'companyName',
      idColumn: 'company_id',
      linked: { table: 'companies', ownerColumn: 'owner_id' },
      // search_text (db/schema/crm.ts) without the company's name.
      searchRest: sql`lower(people.first_name || ' ' || people.last_name || ' ' || people.email || ' ' || people.job_title)`,
    },
  ],
  deleteWhere: deletePeople,
};
