import { z } from './z.ts';
import { companySchema } from './companies.ts';
import { emailField, expectedUpdatedAt, id, tagsField, text, urlField } from './fields.ts';
import { recordListSchema } from './lists.ts';
import { endpoint } from './endpoint.ts';
import {
  recordEndpoints,
  recordParamsSchema,
  selectionSchema,
  type FilterFieldKind,
} from './records.ts';

// People (issue 5): the record, its fields, filters, bulk actions, duplicates and merge.

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

/**
 * Whether mail to the person's address comes back: `bounced` once a delivery status notification
 * reports it failed (docs/decisions/061-conversations.md); `ok` again when the address changes.
 */
export const personEmailStatuses = ['ok', 'bounced'] as const;
export const personEmailStatusSchema = z.enum(personEmailStatuses);
export type PersonEmailStatus = z.infer<typeof personEmailStatusSchema>;

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
    /** `bounced` when mail to the primary e-mail came back as undeliverable. */
    emailStatus: personEmailStatusSchema,
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
    /**
     * Add the person even when another has the same e-mail. Without it, an e-mail already in the
     * workspace (in any case) answers 409 `DUPLICATE_EMAIL`.
     */
    allowDuplicate: z.boolean().optional(),
  })
  .refine((p) => p.firstName !== '' || p.lastName !== '' || p.email !== '', {
    message: 'Give a name or an e-mail',
    path: ['firstName'],
  })
  .meta({ id: 'NewPerson' });
export type NewPerson = z.input<typeof newPersonSchema>;

export const personPatchSchema = z
  .object({ ...personFields, allowDuplicate: z.boolean() })
  .partial()
  .extend({ expectedUpdatedAt })
  .meta({ id: 'PersonPatch' });
export type PersonPatch = z.infer<typeof personPatchSchema>;

export const personFilterFields = [
  'firstName',
  'lastName',
  'email',
  'emailStatus',
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

export const personFieldKinds: Record<(typeof personFilterFields)[number], FilterFieldKind> = {
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  emailStatus: 'enum',
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

export const personPageSchema = z
  .object({ items: z.array(personSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PersonPage' });
export type PersonPage = z.infer<typeof personPageSchema>;

export const personBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_to_list'), listId: id('list') }),
  z.object({ type: z.literal('remove_from_list'), listId: id('list') }),
  z.object({ type: z.literal('set_owner'), ownerId: id('member').nullable() }),
  z.object({ type: z.literal('set_stage'), stage: personStageSchema }),
  z.object({ type: z.literal('add_tag'), tag: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('delete') }),
]);
export const personBulkRequestSchema = z
  .object({ selection: selectionSchema, action: personBulkActionSchema })
  .meta({ id: 'PersonBulkRequest' });
export type PersonBulkRequest = z.infer<typeof personBulkRequestSchema>;

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

/** GET /api/people/{id}: the person with what the page shows around them. */
export const personDetailSchema = z
  .object({
    person: personSchema,
    company: companySchema.nullable(),
    lists: z.array(recordListSchema),
  })
  .meta({ id: 'PersonDetail' });
export type PersonDetail = z.infer<typeof personDetailSchema>;

/** The people API: the generic records endpoints, duplicates, merge and the vCard. */
export const peopleEndpoints = {
  ...recordEndpoints(
    'people',
    {
      page: personPageSchema,
      record: personSchema,
      detail: personDetailSchema,
      create: newPersonSchema,
      patch: personPatchSchema,
      bulk: personBulkRequestSchema,
    },
    {
      subject: 'person',
      create: 'Add a person',
      detail: 'A person, with their company and lists',
      remove: 'Delete a person, with their notes, activity and list memberships',
    },
  ),
  duplicates: endpoint({
    method: 'GET',
    path: '/api/people/duplicates',
    summary: 'Likely duplicates: the same e-mail, or the same name at the same company',
    response: duplicateListSchema,
  }),
  merge: endpoint({
    method: 'POST',
    path: '/api/people/merge',
    summary: 'Merge duplicates into a primary, keeping every related record',
    body: mergeRequestSchema,
    response: personDetailSchema,
  }),
  /** A file (text/vcard): registered with its own answer. */
  vcard: endpoint({
    method: 'GET',
    path: '/api/people/:id/vcard',
    summary: 'A person as a vCard 4.0',
    params: recordParamsSchema,
    response: null,
  }),
};
