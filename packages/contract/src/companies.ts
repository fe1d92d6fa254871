import { z } from './z.ts';
import { expectedUpdatedAt, id, tagsField, text, urlField } from './fields.ts';
import { recordListSchema } from './lists.ts';
import { recordEndpoints, selectionSchema, type FilterFieldKind } from './records.ts';

// Companies (issue 5): the record, its fields, filters and bulk actions.

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

export const companyPatchSchema = z
  .object(companyFields)
  .partial()
  .extend({ expectedUpdatedAt })
  .meta({ id: 'CompanyPatch' });
export type CompanyPatch = z.infer<typeof companyPatchSchema>;

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

export const companyPageSchema = z
  .object({ items: z.array(companySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CompanyPage' });
export type CompanyPage = z.infer<typeof companyPageSchema>;

export const companyBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_to_list'), listId: id('list') }),
  z.object({ type: z.literal('remove_from_list'), listId: id('list') }),
  z.object({ type: z.literal('set_owner'), ownerId: id('member').nullable() }),
  z.object({ type: z.literal('add_tag'), tag: z.string().trim().min(1).max(40) }),
  z.object({ type: z.literal('delete') }),
]);
export const companyBulkRequestSchema = z
  .object({ selection: selectionSchema, action: companyBulkActionSchema })
  .meta({ id: 'CompanyBulkRequest' });
export type CompanyBulkRequest = z.infer<typeof companyBulkRequestSchema>;

export const companyDetailSchema = z
  .object({ company: companySchema, lists: z.array(recordListSchema) })
  .meta({ id: 'CompanyDetail' });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** The companies API: the generic records endpoints. */
export const companiesEndpoints = recordEndpoints(
  'companies',
  {
    page: companyPageSchema,
    record: companySchema,
    detail: companyDetailSchema,
    create: newCompanySchema,
    patch: companyPatchSchema,
    bulk: companyBulkRequestSchema,
  },
  {
    subject: 'company',
    create: 'Add a company (its domain must be unique in the workspace)',
    detail: 'A company, with its lists',
    remove: 'Delete a company (its people stay, unlinked)',
  },
);
