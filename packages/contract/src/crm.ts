import { instantSchema } from './instant.ts';
import { z } from './z.ts';

// People, companies, lists, notes, activity, saved views, imports (issue 5).
// Free-text fields travel as strings, '' meaning empty; enums and links are nullable.

const id = (what: string) => z.uuid({ message: `Not a ${what} id` });
const text = (max: number) => z.string().trim().max(max);
const instant = instantSchema;

export const personStages = [
  'cold',
  'approaching',
  'replied',
  'interested',
  'not_interested',
  'unresponsive',
  'do_not_contact',
] as const;
export const personStageSchema = z.enum(personStages);
export type PersonStage = z.infer<typeof personStageSchema>;

export const seniorities = [
  'intern',
  'entry',
  'senior',
  'manager',
  'director',
  'vp',
  'c_level',
  'owner',
] as const;
export const senioritySchema = z.enum(seniorities);
export type Seniority = z.infer<typeof senioritySchema>;

export const consentStatuses = ['unknown', 'granted', 'withdrawn'] as const;
export const consentStatusSchema = z.enum(consentStatuses);
export const consentMethods = ['form', 'email', 'phone', 'in_person', 'import', 'other'] as const;
export const consentMethodSchema = z.enum(consentMethods);

export const companySizes = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001+',
] as const;
export const companySizeSchema = z.enum(companySizes);
export const revenueRanges = [
  '<1M',
  '1M-10M',
  '10M-50M',
  '50M-100M',
  '100M-500M',
  '500M-1B',
  '1B+',
] as const;
export const revenueRangeSchema = z.enum(revenueRanges);

/** Consent to e-mail: its state, and when and how it was last given or withdrawn. */
export const consentSchema = z
  .object({
    status: consentStatusSchema,
    at: z.string().nullable(),
    method: consentMethodSchema.nullable(),
    note: z.string(),
  })
  .meta({ id: 'EmailConsent' });
export type Consent = z.infer<typeof consentSchema>;

export const personSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** The primary e-mail, lower-cased; '' when the person has none. */
    email: z.string(),
    /** Other e-mails, lower-cased, without the primary. */
    additionalEmails: z.array(z.string()),
    phones: z.array(z.string()),
    jobTitle: z.string(),
    seniority: senioritySchema.nullable(),
    department: z.string(),
    companyId: z.string().nullable(),
    /** The linked company's name, for tables and search; '' without a company. */
    companyName: z.string(),
    city: z.string(),
    region: z.string(),
    country: z.string(),
    /** An IANA time zone such as `Europe/Paris`, or ''. */
    timeZone: z.string(),
    linkedinUrl: z.string(),
    ownerId: z.string().nullable(),
    stage: personStageSchema,
    tags: z.array(z.string()),
    source: z.string(),
    consent: consentSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    lastActivityAt: z.string(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

const tagsField = z.array(z.string().trim().min(1).max(40)).max(30);
const emailField = z.union([z.literal(''), z.email({ message: 'Not an e-mail address' }).max(254)]);
const urlField = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, message: 'Use an http(s) address' }).max(500),
]);

/** Each person field's own rule (the CSV import validates cells with these). */
export const personFields = {
  firstName: text(100),
  lastName: text(100),
  email: emailField,
  additionalEmails: z.array(z.email({ message: 'Not an e-mail address' }).max(254)).max(10),
  phones: z.array(text(40).min(1)).max(10),
  jobTitle: text(200),
  seniority: senioritySchema.nullable(),
  department: text(100),
  companyId: id('company').nullable(),
  city: text(100),
  region: text(100),
  country: text(100),
  timeZone: text(64),
  linkedinUrl: urlField,
  ownerId: id('member').nullable(),
  stage: personStageSchema,
  tags: tagsField,
  source: text(100),
  consent: z.object({
    status: consentStatusSchema,
    method: consentMethodSchema.nullable().default(null),
    note: text(500).default(''),
  }),
};

/** A person as a client sends it to create one: a name or an e-mail is required. */
export const newPersonSchema = z
  .object({
    firstName: personFields.firstName.default(''),
    lastName: personFields.lastName.default(''),
    email: personFields.email.default(''),
    additionalEmails: personFields.additionalEmails.default([]),
    phones: personFields.phones.default([]),
    jobTitle: personFields.jobTitle.default(''),
    seniority: personFields.seniority.default(null),
    department: personFields.department.default(''),
    companyId: personFields.companyId.default(null),
    city: personFields.city.default(''),
    region: personFields.region.default(''),
    country: personFields.country.default(''),
    timeZone: personFields.timeZone.default(''),
    linkedinUrl: personFields.linkedinUrl.default(''),
    ownerId: personFields.ownerId.default(null),
    stage: personFields.stage.default('cold'),
    tags: personFields.tags.default([]),
    source: personFields.source.default('manual'),
    consent: personFields.consent.optional(),
  })
  .refine((p) => p.firstName !== '' || p.lastName !== '' || p.email !== '', {
    message: 'Give a name or an e-mail',
    path: ['firstName'],
  })
  .meta({ id: 'NewPerson' });
export type NewPerson = z.input<typeof newPersonSchema>;

export const personPatchSchema = z.object(personFields).partial().meta({ id: 'PersonPatch' });
export type PersonPatch = z.infer<typeof personPatchSchema>;

export const companySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Lower-cased, without scheme or `www.`; unique in the workspace; '' when unknown. */
    domain: z.string(),
    industry: z.string(),
    size: companySizeSchema.nullable(),
    revenueRange: revenueRangeSchema.nullable(),
    city: z.string(),
    region: z.string(),
    country: z.string(),
    description: z.string(),
    linkedinUrl: z.string(),
    ownerId: z.string().nullable(),
    tags: z.array(z.string()),
    peopleCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastActivityAt: z.string(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof companySchema>;

const domainField = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) =>
      value
        .replace(/^https?:\/\//, '')
        .replace(/^www\./, '')
        .replace(/\/.*$/, ''),
    )
    .pipe(
      z
        .string()
        .max(253)
        .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
          message: 'Not a domain such as example.com',
        }),
    )
    .meta({
      description:
        'A domain such as example.com; it is lower-cased, and a scheme, www. and a path are dropped',
    }),
]);

/** Each company field's own rule (the CSV import validates cells with these). */
export const companyFields = {
  name: text(200).min(1, { message: 'Required' }),
  domain: domainField,
  industry: text(100),
  size: companySizeSchema.nullable(),
  revenueRange: revenueRangeSchema.nullable(),
  city: text(100),
  region: text(100),
  country: text(100),
  description: z.string().max(5000),
  linkedinUrl: urlField,
  ownerId: id('member').nullable(),
  tags: tagsField,
};

export const newCompanySchema = z
  .object({
    name: companyFields.name,
    domain: companyFields.domain.default(''),
    industry: companyFields.industry.default(''),
    size: companyFields.size.default(null),
    revenueRange: companyFields.revenueRange.default(null),
    city: companyFields.city.default(''),
    region: companyFields.region.default(''),
    country: companyFields.country.default(''),
    description: companyFields.description.default(''),
    linkedinUrl: companyFields.linkedinUrl.default(''),
    ownerId: companyFields.ownerId.default(null),
    tags: companyFields.tags.default([]),
  })
  .meta({ id: 'NewCompany' });
export type NewCompany = z.input<typeof newCompanySchema>;

export const companyPatchSchema = z.object(companyFields).partial().meta({ id: 'CompanyPatch' });
export type CompanyPatch = z.infer<typeof companyPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Filters, sort, search and cursor pagination (GET /api/people, GET /api/companies).

export const personFilterFields = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'seniority',
  'department',
  'companyId',
  'companyName',
  'city',
  'region',
  'country',
  'timeZone',
  'linkedinUrl',
  'ownerId',
  'stage',
  'tags',
  'source',
  'consentStatus',
  'consentAt',
  'createdAt',
  'updatedAt',
  'lastActivityAt',
  'list',
] as const;
export const companyFilterFields = [
  'name',
  'domain',
  'industry',
  'size',
  'revenueRange',
  'city',
  'region',
  'country',
  'description',
  'linkedinUrl',
  'ownerId',
  'tags',
  'createdAt',
  'updatedAt',
  'lastActivityAt',
  'list',
] as const;

/** Which operators each kind of field takes; the server refuses any other pair (400). */
export const filterOperators = {
  text: ['contains', 'equals', 'in', 'empty', 'not_empty'],
  enum: ['equals', 'in', 'empty', 'not_empty'],
  ref: ['equals', 'in', 'empty', 'not_empty'],
  tags: ['has_any', 'has_all', 'empty', 'not_empty'],
  date: ['between', 'empty', 'not_empty'],
  list: ['on_list', 'not_on_list'],
} as const;
export type FilterFieldKind = keyof typeof filterOperators;

export const personFieldKinds: Record<(typeof personFilterFields)[number], FilterFieldKind> = {
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  jobTitle: 'text',
  seniority: 'enum',
  department: 'text',
  companyId: 'ref',
  companyName: 'text',
  city: 'text',
  region: 'text',
  country: 'text',
  timeZone: 'text',
  linkedinUrl: 'text',
  ownerId: 'ref',
  stage: 'enum',
  tags: 'tags',
  source: 'text',
  consentStatus: 'enum',
  consentAt: 'date',
  createdAt: 'date',
  updatedAt: 'date',
  lastActivityAt: 'date',
  list: 'list',
};
export const companyFieldKinds: Record<(typeof companyFilterFields)[number], FilterFieldKind> = {
  name: 'text',
  domain: 'text',
  industry: 'text',
  size: 'enum',
  revenueRange: 'enum',
  city: 'text',
  region: 'text',
  country: 'text',
  description: 'text',
  linkedinUrl: 'text',
  ownerId: 'ref',
  tags: 'tags',
  createdAt: 'date',
  updatedAt: 'date',
  lastActivityAt: 'date',
  list: 'list',
};

/**
 * One condition. `value` by operator: contains/equals: a string; in/has_any/has_all: an array of
 * strings; between: `{ from?, to? }` ISO instants (from inclusive, to exclusive); on_list and
 * not_on_list: a list id; empty/not_empty: none.
 */
export const filterConditionSchema = z
  .object({
    field: z.string().min(1).max(40),
    op: z.enum([
      'contains',
      'equals',
      'in',
      'empty',
      'not_empty',
      'has_any',
      'has_all',
      'between',
      'on_list',
      'not_on_list',
    ]),
    value: z
      .union([
        z.string().max(500),
        z.array(z.string().max(500)).max(200),
        z.object({ from: instant.optional(), to: instant.optional() }),
      ])
      .optional(),
  })
  .meta({ id: 'FilterCondition' });
export type FilterCondition = z.infer<typeof filterConditionSchema>;
export const filterListSchema = z.array(filterConditionSchema).max(30);

/** `lastName` ascending, `-lastName` descending; any column of the table. */
export const sortParamSchema = z
  .string()
  .regex(/^-?[a-zA-Z]{1,40}$/, { message: 'Use a column name, with - for descending' });

/**
 * The query string of GET /api/people and GET /api/companies (and their /count and /export.csv).
 * `filters` is the JSON text of an array of conditions, all of which must hold.
 */
export const recordQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filters: z.string().max(16_000).optional(),
  sort: sortParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});
export type RecordQuery = z.input<typeof recordQuerySchema>;

/** The selection a bulk action, an export or a count applies to: given ids, or a whole filter. */
export const selectionSchema = z
  .union([
    z.object({ ids: z.array(z.uuid()).min(1).max(10_000) }),
    z.object({
      filter: z.object({
        q: z.string().trim().max(200).optional(),
        filters: filterListSchema.default([]),
      }),
    }),
  ])
  .meta({ id: 'Selection' });
export type Selection = z.infer<typeof selectionSchema>;

export const personPageSchema = z
  .object({ items: z.array(personSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PersonPage' });
export type PersonPage = z.infer<typeof personPageSchema>;
export const companyPageSchema = z
  .object({ items: z.array(companySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CompanyPage' });
export type CompanyPage = z.infer<typeof companyPageSchema>;
/** GET …/count: exact up to `limit` (100,000), then `estimate` is true. */
export const recordCountSchema = z
  .object({ count: z.number().int(), estimate: z.boolean() })
  .meta({ id: 'RecordCount' });
export type RecordCount = z.infer<typeof recordCountSchema>;

export const personBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_to_list'), listId: id('list') }),
  z.object({ type: z.literal('remove_from_list'), listId: id('list') }),
  z.object({ type: z.literal('set_owner'), ownerId: id('member').nullable() }),
  z.object({ type: z.literal('set_stage'), stage: personStageSchema }),
  z.object({ type: z.literal('add_tag'), tag: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('delete') }),
]);
export const companyBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_to_list'), listId: id('list') }),
  z.object({ type: z.literal('remove_from_list'), listId: id('list') }),
  z.object({ type: z.literal('set_owner'), ownerId: id('member').nullable() }),
  z.object({ type: z.literal('add_tag'), tag: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('delete') }),
]);
export const personBulkRequestSchema = z
  .object({ selection: selectionSchema, action: personBulkActionSchema })
  .meta({ id: 'PersonBulkRequest' });
export type PersonBulkRequest = z.infer<typeof personBulkRequestSchema>;
export const companyBulkRequestSchema = z
  .object({ selection: selectionSchema, action: companyBulkActionSchema })
  .meta({ id: 'CompanyBulkRequest' });
export type CompanyBulkRequest = z.infer<typeof companyBulkRequestSchema>;
export const bulkResultSchema = z.object({ affected: z.number().int() }).meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

// Duplicates and merge (people).
export const duplicateGroupSchema = z
  .object({
    reason: z.enum(['email', 'name_company']),
    /** The shared e-mail, or `first last @ company`. */
    key: z.string(),
    people: z.array(personSchema),
  })
  .meta({ id: 'DuplicateGroup' });
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;
export const duplicateListSchema = z
  .object({ groups: z.array(duplicateGroupSchema) })
  .meta({ id: 'DuplicateList' });
export const mergeRequestSchema = z
  .object({ primaryId: id('person'), duplicateIds: z.array(id('person')).min(1).max(20) })
  .meta({ id: 'MergeRequest' });
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Lists.

export const listKindSchema = z.enum(['people', 'companies']);
export type ListKind = z.infer<typeof listKindSchema>;
export const recordListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: listKindSchema,
    description: z.string(),
    count: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'RecordList' });
export type RecordList = z.infer<typeof recordListSchema>;
export const recordListsSchema = z.array(recordListSchema).meta({ id: 'RecordLists' });
export const newListSchema = z
  .object({
    name: text(100).min(1, { message: 'Required' }),
    kind: listKindSchema,
    description: text(1000).default(''),
  })
  .meta({ id: 'NewList' });
export type NewList = z.input<typeof newListSchema>;
export const listPatchSchema = z
  .object({ name: text(100).min(1, { message: 'Required' }), description: text(1000) })
  .partial()
  .meta({ id: 'ListPatch' });
export type ListPatch = z.infer<typeof listPatchSchema>;
/** Adds or removes records (of the list's kind) by id or by filter. */
export const listItemsRequestSchema = z
  .object({ selection: selectionSchema })
  .meta({ id: 'ListItemsRequest' });
export const listsQuerySchema = z.object({ kind: listKindSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Notes and the activity timeline.

export const subjectTypeSchema = z.enum(['person', 'company']);
export type SubjectType = z.infer<typeof subjectTypeSchema>;

/**
 * A note's body is Markdown-like rich text: paragraphs, `**bold**`, `_italic_`, `- ` bullets,
 * `1. ` numbered items and `[text](https://…)` links. Clients render it without HTML.
 */
export const noteSchema = z
  .object({
    id: z.string(),
    subjectType: subjectTypeSchema,
    subjectId: z.string(),
    body: z.string(),
    authorId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof noteSchema>;
export const noteBodySchema = z
  .object({ body: z.string().trim().min(1, { message: 'Required' }).max(20_000) })
  .meta({ id: 'NoteBody' });

export const activityKinds = [
  'created',
  'field_changed',
  'list_added',
  'list_removed',
  'note_added',
  'merged',
  'imported',
] as const;
export const activityKindSchema = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKindSchema>;
export const activitySchema = z
  .object({
    id: z.string(),
    subjectType: subjectTypeSchema,
    subjectId: z.string(),
    kind: activityKindSchema,
    actorId: z.string().nullable(),
    /** field_changed: field, oldValue, newValue; list_*: listId, listName; note_added: the note. */
    field: z.string().nullable(),
    oldValue: z.string().nullable(),
    newValue: z.string().nullable(),
    listId: z.string().nullable(),
    listName: z.string().nullable(),
    note: noteSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;
export const activityPageSchema = z
  .object({ items: z.array(activitySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});
export const recordParamsSchema = z.object({ id: id('record') });

/** GET /api/people/{id}: the person with what the page shows around them. */
export const personDetailSchema = z
  .object({
    person: personSchema,
    company: companySchema.nullable(),
    lists: z.array(recordListSchema),
  })
  .meta({ id: 'PersonDetail' });
export type PersonDetail = z.infer<typeof personDetailSchema>;
export const companyDetailSchema = z
  .object({ company: companySchema, lists: z.array(recordListSchema) })
  .meta({ id: 'CompanyDetail' });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Saved views: a named filter, sort and column set, per user or shared with the workspace.

export const viewEntitySchema = z.enum(['people', 'companies']);
export type ViewEntity = z.infer<typeof viewEntitySchema>;
const viewFields = {
  name: text(100).min(1, { message: 'Required' }),
  entity: viewEntitySchema,
  shared: z.boolean(),
  q: z.string().trim().max(200),
  filters: filterListSchema,
  sort: sortParamSchema.nullable(),
  columns: z.array(z.string().min(1).max(40)).max(40),
};
export const savedViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    entity: viewEntitySchema,
    shared: z.boolean(),
    q: z.string(),
    filters: z.array(filterConditionSchema),
    sort: z.string().nullable(),
    columns: z.array(z.string()),
    ownerId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewsSchema = z.array(savedViewSchema).meta({ id: 'SavedViews' });
export const newViewSchema = z
  .object({
    ...viewFields,
    shared: viewFields.shared.default(false),
    q: viewFields.q.default(''),
    filters: viewFields.filters.default([]),
    sort: viewFields.sort.default(null),
    columns: viewFields.columns.default([]),
  })
  .meta({ id: 'NewSavedView' });
export type NewView = z.input<typeof newViewSchema>;
export const viewPatchSchema = z
  .object(viewFields)
  .omit({ entity: true })
  .partial()
  .meta({ id: 'SavedViewPatch' });
export type ViewPatch = z.infer<typeof viewPatchSchema>;
export const viewsQuerySchema = z.object({ entity: viewEntitySchema });

// ---------------------------------------------------------------------------------------------
// CSV import: upload (preview and suggested mapping), start with a mapping, follow the job.

export const importEntitySchema = z.enum(['people', 'companies']);
export type ImportEntity = z.infer<typeof importEntitySchema>;
export const duplicateModeSchema = z.enum(['skip', 'update', 'create']);
export type DuplicateMode = z.infer<typeof duplicateModeSchema>;
export const importStatusSchema = z.enum([
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
]);
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const importRowErrorSchema = z
  .object({ row: z.number().int(), reason: z.string() })
  .meta({ id: 'ImportRowError' });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
/** Fields a CSV column can map to; null in a mapping means the column is ignored. */
export const personImportFields = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'additionalEmails',
  'phones',
  'jobTitle',
  'seniority',
  'department',
  'companyName',
  'companyDomain',
  'city',
  'region',
  'country',
  'timeZone',
  'linkedinUrl',
  'stage',
  'tags',
  'source',
  'ownerEmail',
] as const;
export const companyImportFields = [
  'name',
  'domain',
  'industry',
  'size',
  'revenueRange',
  'city',
  'region',
  'country',
  'description',
  'linkedinUrl',
  'tags',
  'ownerEmail',
] as const;
export const importJobSchema = z
  .object({
    id: z.string(),
    entity: importEntitySchema,
    fileName: z.string(),
    status: importStatusSchema,
    columns: z.array(z.string()),
    /** The first rows as parsed, for the preview (at most 10). */
    preview: z.array(z.array(z.string())),
    /** Column name to field, as suggested at upload and then as chosen at start. */
    mapping: z.record(z.string(), z.string().nullable()),
    duplicateMode: duplicateModeSchema,
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    refused: z.number().int(),
    /** Refused rows and why (row numbers count the header as row 1), first 1,000. */
    errors: z.array(importRowErrorSchema),
    /** A failure of the whole file (for example a column that does not exist), or null. */
    failure: z.string().nullable(),
    listId: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJobSchema>;
/** POST /api/imports?entity=people&fileName=… with the CSV as the body (text/csv, at most 50 MB). */
export const importUploadQuerySchema = z.object({
  entity: importEntitySchema,
  fileName: z.string().trim().min(1).max(200),
});
export const importStartSchema = z
  .object({
    mapping: z.record(z.string().max(200), z.string().max(40).nullable()),
    duplicateMode: duplicateModeSchema.default('skip'),
    /** Adds every created or updated record to this list (of the same kind). */
    listId: id('list').nullable().default(null),
  })
  .meta({ id: 'ImportStart' });
export type ImportStart = z.input<typeof importStartSchema>;
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** GET /api/people/export.csv and /api/companies/export.csv: a filtered view as CSV. */
export const exportQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filters: z.string().max(16_000).optional(),
  sort: sortParamSchema.optional(),
  /** Comma-separated column names in order; every column when absent. */
  columns: z.string().max(2000).optional(),
});

/**
 * The realtime message `crm.changed`: a member changed CRM records, so screens that show them
 * read them again. `id` is the record (or list, or note) when one was changed, `null` when it was
 * a creation or a change of many (bulk, merge). `by` is the member's user id; `origin` the
 * `X-Client-Id` the write was sent with (the web app's tab), so that tab can skip it.
 */
export const CRM_CHANGED = 'crm.changed';
export const crmChangeSchema = z.object({
  entity: z.enum(['people', 'companies', 'lists', 'notes']),
  id: z.string().nullable(),
  by: z.string(),
  origin: z.string().nullable(),
});
export type CrmChange = z.infer<typeof crmChangeSchema>;
