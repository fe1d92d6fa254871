import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  activityKinds,
  companySizes,
  consentMethods,
  consentStatuses,
  personEmailStatuses,
  personStages,
  revenueRanges,
  listEntities,
  recordEntities,
  seniorities,
  type FilterCondition,
  type ImportRowError,
  type ListEntityName,
  type RecordEntityName,
} from '@beacon/contract';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

// People, companies, lists, notes, activity, saved views and imports (issue 5).
// Free-text columns are NOT NULL with '' for empty, so keyset pagination compares plain values;
// every sortable column has a (workspace_id, column, id) index so any page is an index range scan.

export const personStage = pgEnum('person_stage', personStages);
export const seniority = pgEnum('seniority', seniorities);
export const consentStatus = pgEnum('consent_status', consentStatuses);
export const consentMethod = pgEnum('consent_method', consentMethods);
export const personEmailStatus = pgEnum('person_email_status', personEmailStatuses);
export const companySize = pgEnum('company_size', companySizes);
export const revenueRange = pgEnum('revenue_range', revenueRanges);
/** The records-style entities (the contract's `recordSubjects`), as an enum's values. */
const entityNames = recordEntities as [RecordEntityName, ...RecordEntityName[]];
export const listKind = pgEnum('list_kind', listEntities as [ListEntityName, ...ListEntityName[]]);
export const activityKind = pgEnum('activity_kind', activityKinds);
export const importStatus = pgEnum('import_status', [
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
]);
export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

const textField = (name: string) => text(name).notNull().default('');
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
/** What the free-text search reads: trigram-indexed, lower-cased. */
const searchText = (parts: SQL) => text('search_text').generatedAlwaysAs(parts);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: textField('domain'),
    industry: textField('industry'),
    size: companySize('size'),
    revenueRange: revenueRange('revenue_range'),
    city: textField('city'),
    region: textField('region'),
    country: textField('country'),
    description: textField('description'),
    linkedinUrl: textField('linkedin_url'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kept by the server when people are linked, unlinked, deleted or merged. */
    peopleCount: integer('people_count').notNull().default(0),
    ...stamps,
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: searchText(
      sql`lower(name || ' ' || domain || ' ' || industry || ' ' || city || ' ' || country)`,
    ),
  },
  (t) => [
    uniqueIndex('companies_domain_key')
      .on(t.workspaceId, t.domain)
      .where(sql`domain <> ''`),
    // Text sorts are case-insensitive (records/fields.ts): their indexes are on lower(column).
    index('companies_name_lower_idx').on(t.workspaceId, sql`lower(${t.name})`, t.id),
    index('companies_domain_idx').on(t.workspaceId, t.domain, t.id),
    index('companies_industry_lower_idx').on(t.workspaceId, sql`lower(${t.industry})`, t.id),
    index('companies_country_lower_idx').on(t.workspaceId, sql`lower(${t.country})`, t.id),
    index('companies_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('companies_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('companies_activity_idx').on(t.workspaceId, t.lastActivityAt, t.id),
    index('companies_people_count_idx').on(t.workspaceId, t.peopleCount, t.id),
    index('companies_owner_idx').on(t.ownerId),
    index('companies_tags_idx').using('gin', t.tags),
    index('companies_search_idx').using('gin', sql`search_text gin_trgm_ops`),
  ],
);

export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    firstName: textField('first_name'),
    lastName: textField('last_name'),
    /** The primary e-mail, lower-cased, or ''. */
    email: textField('email'),
    additionalEmails: text('additional_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `bounced` once a bounce report names the primary e-mail (docs/decisions/061). */
    emailStatus: personEmailStatus('email_status').notNull().default('ok'),
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    phones: text('phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    jobTitle: textField('job_title'),
    seniority: seniority('seniority'),
    department: textField('department'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The company's name, copied here for sorting and search; kept in step on rename. */
    companyName: textField('company_name'),
    city: textField('city'),
    region: textField('region'),
    country: textField('country'),
    timeZone: textField('time_zone'),
    linkedinUrl: textField('linkedin_url'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    stage: personStage('stage').notNull().default('cold'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: textField('source'),
    consentStatus: consentStatus('consent_status').notNull().default('unknown'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentMethod: consentMethod('consent_method'),
    consentNote: textField('consent_note'),
    ...stamps,
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: searchText(
      sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || job_title || ' ' || company_name)`,
    ),
  },
  (t) => [
    // Text sorts are case-insensitive (records/fields.ts): their indexes are on lower(column).
    index('people_first_name_lower_idx').on(t.workspaceId, sql`lower(${t.firstName})`, t.id),
    index('people_last_name_lower_idx').on(t.workspaceId, sql`lower(${t.lastName})`, t.id),
    index('people_email_idx').on(t.workspaceId, t.email, t.id),
    index('people_job_title_lower_idx').on(t.workspaceId, sql`lower(${t.jobTitle})`, t.id),
    index('people_company_name_lower_idx').on(t.workspaceId, sql`lower(${t.companyName})`, t.id),
    index('people_stage_idx').on(t.workspaceId, t.stage, t.id),
    index('people_email_status_idx')
      .on(t.workspaceId, t.id)
      .where(sql`email_status = 'bounced'`),
    index('people_country_lower_idx').on(t.workspaceId, sql`lower(${t.country})`, t.id),
    index('people_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('people_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('people_activity_idx').on(t.workspaceId, t.lastActivityAt, t.id),
    index('people_company_idx').on(t.companyId),
    index('people_owner_idx').on(t.ownerId),
    index('people_tags_idx').using('gin', t.tags),
    index('people_search_idx').using('gin', sql`search_text gin_trgm_ops`),
  ],
);

export const recordLists = pgTable(
  'record_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: listKind('kind').notNull(),
    description: textField('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [index('record_lists_workspace_idx').on(t.workspaceId, t.kind)],
);

export const listPeople = pgTable(
  'list_people',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => recordLists.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.personId] }),
    index('list_people_person_idx').on(t.personId),
  ],
);

export const listCompanies = pgTable(
  'list_companies',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => recordLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.companyId] }),
    index('list_companies_company_idx').on(t.companyId),
  ],
);

/** A note on exactly one person, company or deal. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * References deals(id) on delete cascade: the foreign key is written in drizzle/0008_deals.sql,
     * since a reference here would make schema/deals.ts and this file import each other.
     */
    dealId: uuid('deal_id'),
    /** References tasks(id) on delete cascade (the foreign key: drizzle/0014_task_records.sql). */
    taskId: uuid('task_id'),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    check('notes_one_subject', sql`num_nonnulls(person_id, company_id, deal_id, task_id) = 1`),
    index('notes_person_idx').on(t.personId),
    index('notes_company_idx').on(t.companyId),
    index('notes_deal_idx').on(t.dealId),
    index('notes_task_idx').on(t.taskId),
  ],
);

/** The timeline of a person, a company, a deal or a task; later areas add their own kinds. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** References deals(id) on delete cascade (the foreign key: drizzle/0008_deals.sql). */
    dealId: uuid('deal_id'),
    /** References tasks(id) on delete cascade (the foreign key: drizzle/0014_task_records.sql). */
    taskId: uuid('task_id'),
    kind: activityKind('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    listId: uuid('list_id').references(() => recordLists.id, { onDelete: 'set null' }),
    listName: text('list_name'),
    noteId: uuid('note_id').references(() => notes.id, { onDelete: 'cascade' }),
    /**
     * email_*: the message (references mail_messages(id) on delete cascade; the foreign key:
     * drizzle/0022_mail.sql, since schema/mail.ts imports this file).
     */
    mailMessageId: uuid('mail_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('activities_one_subject', sql`num_nonnulls(person_id, company_id, deal_id, task_id) = 1`),
    index('activities_person_idx').on(t.personId, t.createdAt, t.id),
    index('activities_company_idx').on(t.companyId, t.createdAt, t.id),
    index('activities_deal_idx').on(t.dealId, t.createdAt, t.id),
    index('activities_task_idx').on(t.taskId, t.createdAt, t.id),
    // The home page's recent activity of the whole workspace.
    index('activities_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('activities_mail_idx')
      .on(t.mailMessageId)
      .where(sql`mail_message_id is not null`),
  ],
);

/** Saved views: of the records entities, and of the e-mails page (docs/decisions/061). */
export const viewEntity = pgEnum('view_entity', [...entityNames, 'emails']);

export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    entity: viewEntity('entity').notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    q: textField('q'),
    filters: jsonb('filters').$type<FilterCondition[]>().notNull().default([]),
    sort: text('sort'),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [index('saved_views_workspace_idx').on(t.workspaceId, t.entity)],
);

/** A CSV import: the uploaded file, its mapping and its progress; the work runs as a job. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** One of the entities with an import (the contract's `listEntities`). */
    entity: viewEntity('entity').$type<ListEntityName>().notNull(),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    status: importStatus('status').notNull().default('uploaded'),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    preview: jsonb('preview').$type<string[][]>().notNull().default([]),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    duplicateMode: text('duplicate_mode').notNull().default('skip'),
    listId: uuid('list_id').references(() => recordLists.id, { onDelete: 'set null' }),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    failure: text('failure'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * The background job queue (docs/decisions/015-jobs-and-import.md): any server process claims the next due job
 * with `for update skip locked`; a job whose lease ran out (its process died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...stamps,
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);
