import { sql, type SQL } from 'drizzle-orm';
import {
  companyFieldKinds,
  companySizes,
  consentMethods,
  consentStatuses,
  personFieldKinds,
  personStages,
  revenueRanges,
  seniorities,
  type FilterFieldKind,
} from '@beacon/contract';
import { column } from './sql.ts';

/** How a column is compared, cast and sorted; the SQL type names the cursor's cast. */
export type FieldDef = {
  expr: SQL;
  /** The SQL type a parameter is cast to before it is compared with the column. */
  type: string;
  nullable: boolean;
  /** The allowed values of an enum column. */
  values?: readonly string[];
  /** False for arrays: a sort on them is refused. */
  sortable: boolean;
  /** What a sort orders by: `lower(column)` for text, so "alpha" comes between "Able" and "Bravo". */
  sortExpr: SQL;
};

export type EntityDef = {
  name: 'people' | 'companies';
  table: string;
  /** Every column the API names, filterable or sortable. */
  fields: Record<string, FieldDef>;
  /** The filter kind of each filterable field (from the contract). */
  kinds: Record<string, FilterFieldKind>;
  /** The table of list memberships and its column pointing at this entity. */
  members: { table: string; column: string };
  defaultSort: string;
};

const def = (
  table: string,
  name: string,
  type: string,
  options: {
    nullable?: boolean;
    values?: readonly string[];
    sortable?: boolean;
    /** Text stored lower-cased already (e-mails, domains): sorted as it is. */
    lowerCased?: boolean;
  } = {},
): FieldDef => ({
  expr: column(table, name),
  type,
  nullable: options.nullable ?? false,
  values: options.values,
  sortable: options.sortable ?? true,
  sortExpr:
    type === 'text' && !options.lowerCased
      ? sql`lower(${column(table, name)})`
      : column(table, name),
});

const p = (name: string, type = 'text', options?: Parameters<typeof def>[3]) =>
  def('people', name, type, options);
const c = (name: string, type = 'text', options?: Parameters<typeof def>[3]) =>
  def('companies', name, type, options);

export const peopleEntity: EntityDef = {
  name: 'people',
  table: 'people',
  fields: {
    id: p('id', 'uuid'),
    firstName: p('first_name'),
    lastName: p('last_name'),
    email: p('email', 'text', { lowerCased: true }),
    additionalEmails: p('additional_emails', 'text[]', { sortable: false }),
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
};

export const companiesEntity: EntityDef = {
  name: 'companies',
  table: 'companies',
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
};
