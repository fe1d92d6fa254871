import {
  companyFields,
  companyImportFields,
  companySizes,
  dealImportFields,
  multiColumnImportFields,
  personFields,
  personImportFields,
  personStages,
  revenueRanges,
  seniorities,
  type ImportEntity,
} from '@beacon/contract';
import type { z } from 'zod';
import { restoreCell } from '../../lib/csv-cell.ts';
import { dealCsvColumns } from '../deals/deals.csv.ts';
import { exportHeaders } from './contacts-csv.ts';

export type PersonImportField = (typeof personImportFields)[number];
export type CompanyImportField = (typeof companyImportFields)[number];

/** What a header becomes before matching: lower-case letters and digits only. */
export const normalizeHeader = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Header spellings that mean a field (after normalizeHeader), most specific first. They cover
 * Beacon's own export and the contacts exports of HubSpot ("Phone Number", "Contact owner",
 * "Create Date"), Google Contacts ("E-mail 1 - Value", "Organization Name", "Labels"), Outlook
 * ("E-mail Address", "Business Phone", "Categories") and LinkedIn ("URL", "Position").
 */
const personSynonyms: Record<PersonImportField, string[]> = {
  email: [
    'email',
    'emailaddress',
    'mail',
    'workemail',
    'primaryemail',
    'businessemail',
    'email1value',
    'email1address',
  ],
  firstName: ['firstname', 'first', 'givenname', 'forename', 'prenom'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nom'],
  fullName: ['fullname', 'name', 'contactname', 'contact', 'person', 'personname'],
  additionalEmails: [
    'additionalemails',
    'otheremails',
    'secondaryemail',
    'email2',
    'personalemail',
    'email2value',
    'email3value',
    'email4value',
    'email2address',
    'email3address',
  ],
  phones: [
    'phone',
    'phones',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilephonenumber',
    'telephone',
    'tel',
    'workphone',
    'businessphone',
    'businessphone2',
    'homephone',
    'homephone2',
    'otherphone',
    'primaryphone',
    'phone1value',
    'phone2value',
    'phone3value',
    'phone4value',
  ],
  jobTitle: [
    'jobtitle',
    'title',
    'position',
    'role',
    'job',
    'organizationtitle',
    'organization1title',
  ],
  seniority: ['seniority', 'senioritylevel', 'level'],
  department: [
    'department',
    'dept',
    'team',
    'function',
    'organizationdepartment',
    'organization1department',
  ],
  companyName: [
    'companyname',
    'company',
    'organization',
    'organisation',
    'account',
    'accountname',
    'employer',
    'organizationname',
    'organization1name',
  ],
  companyDomain: ['companydomain', 'domain', 'website', 'companywebsite', 'companyurl', 'web'],
  city: ['city', 'town', 'locality', 'address1city', 'businesscity', 'homecity'],
  region: [
    'region',
    'state',
    'province',
    'stateregion',
    'county',
    'address1region',
    'businessstate',
    'homestate',
  ],
  country: [
    'country',
    'countryname',
    'nation',
    'countryregion',
    'address1country',
    'businesscountryregion',
    'homecountryregion',
  ],
  timeZone: ['timezone', 'tz'],
  linkedinUrl: [
    'linkedinurl',
    'linkedin',
    'linkedinprofile',
    'linkedinprofileurl',
    'url',
    'profileurl',
    'website1value',
  ],
  stage: ['stage', 'status', 'leadstatus', 'leadstage'],
  tags: ['tags', 'tag', 'labels', 'label', 'categories'],
  source: ['source', 'leadsource'],
  ownerEmail: ['owneremail', 'owner', 'contactowner', 'accountowner', 'assignedto'],
  createdAt: ['createdat', 'createdate', 'created', 'createdon', 'datecreated', 'creationdate'],
};
const companySynonyms: Record<CompanyImportField, string[]> = {
  name: [
    'name',
    'companyname',
    'company',
    'organization',
    'organisation',
    'account',
    'accountname',
  ],
  domain: ['domain', 'website', 'url', 'companydomain', 'companywebsite', 'web'],
  industry: ['industry', 'sector', 'vertical'],
  size: ['size', 'companysize', 'employees', 'headcount', 'numberofemployees', 'employeecount'],
  revenueRange: ['revenuerange', 'revenue', 'annualrevenue'],
  city: ['city', 'town', 'locality'],
  region: ['region', 'state', 'province', 'stateregion', 'county'],
  country: ['country', 'countryname', 'nation', 'countryregion'],
  description: ['description', 'about', 'summary', 'notes'],
  linkedinUrl: ['linkedinurl', 'linkedin', 'linkedinpage', 'companylinkedinurl'],
  tags: ['tags', 'tag', 'labels', 'label', 'categories'],
  ownerEmail: ['owneremail', 'owner', 'accountowner', 'assignedto'],
  createdAt: ['createdat', 'createdate', 'created', 'createdon', 'datecreated', 'creationdate'],
};

export function importFields(entity: ImportEntity): readonly string[] {
  if (entity === 'deals') return dealImportFields;
  return entity === 'people' ? personImportFields : companyImportFields;
}

const multiColumn = new Set<string>(multiColumnImportFields);
export const isMultiColumnField = (field: string) => multiColumn.has(field);

/**
 * Columns never suggested: Google's "E-mail 1 - Label" / "Phone 1 - Type" beside the values,
 * phonetic and yomi spellings of names, fax and pager numbers.
 */
const ignoredColumn = (column: string) =>
  /\s-\s*(label|type)$/i.test(column) || /phonetic|yomi|fax|pager/.test(normalizeHeader(column));

/**
 * Fields suggested only when the first values of the column fit them, so that HubSpot's
 * "Contact owner" (a name, not an e-mail) or "Lifecycle Stage" ("Lead") is not mapped to
 * something that would refuse every row.
 */
const valueChecks: Record<string, (value: string) => boolean> = {
  ownerEmail: (v) => /^[^\s@]+@[^\s@]+$/.test(v),
  stage: (v) => fits(() => parseEnum('Stage', v, personStages)),
  seniority: (v) => fits(() => parseSeniority(v, seniorities)),
  size: (v) => fits(() => parseEnum('Size', v, companySizes)),
  revenueRange: (v) => fits(() => parseEnum('Revenue', v, revenueRanges)),
  createdAt: (v) => fits(() => parseInstant('Created at', v)),
  companyDomain: (v) => !/linkedin\.com/i.test(v) && companyFields.domain.safeParse(v).success,
};
/** Spellings too common to find inside a longer header ("Contact owner" is no name). */
/** Header spellings of deal fields: Beacon's export, HubSpot's and Pipedrive's deal exports. */
const dealSynonyms: Record<(typeof dealImportFields)[number], string[]> = {
  name: ['name', 'dealname', 'deal', 'title', 'dealtitle', 'opportunity', 'opportunityname'],
  pipelineName: ['pipeline', 'dealpipeline', 'pipelinename'],
  stageName: ['stage', 'dealstage', 'stagename'],
  amount: ['amount', 'value', 'dealvalue', 'dealamount'],
  currency: ['currency', 'currencycode', 'dealcurrency', 'valuecurrency'],
  expectedCloseDate: ['expectedclosedate', 'closedate', 'expectedclosingdate', 'closingdate'],
  ownerEmail: ['owneremail', 'dealowneremail', 'owneremailaddress'],
  companyName: ['company', 'companyname', 'organization', 'organisation', 'account', 'accountname'],
  companyDomain: ['companydomain', 'domain', 'companydomainname', 'website'],
  personEmail: ['peopleemails', 'personemail', 'contactemail', 'contactemails', 'email'],
  source: ['source', 'dealsource', 'leadsource'],
  tags: ['tags', 'labels', 'label'],
  lostReason: ['lostreason', 'closedlostreason'],
  nextStep: ['nextstep', 'nextsteps'],
  createdAt: ['createdat', 'createdate', 'dealcreated', 'created', 'addtime'],
};
/** Beacon's own deal export headers, as the fields they are read back into. */
const dealExportHeaders = Object.fromEntries(
  dealCsvColumns.filter((c) => !c.extra).map((c) => [c.label!, c.name]),
) as Record<string, string>;

const exactOnly = new Set(['contact', 'person', 'status', 'account']);
/** A bare "URL" or "Website" column is a LinkedIn one only when it holds LinkedIn addresses. */
const linkedinOnly = new Set(['url', 'profileurl', 'website1value']);
const fits = (parse: () => unknown) => {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
};

/**
 * Suggests a field for each column: Beacon's own export headers first, then header names
 * compared without case, accents or punctuation ("E-mail", "Email Address", "Company", "Title").
 * Each field goes to one column at most, the first that matches it best, except phones, other
 * e-mails and tags, which take every column that names them exactly. A field whose values must
 * fit (owner e-mail, stage, dates…) is suggested only when most of the sample's cells fit.
 * A column that matches nothing maps to null.
 */
export function suggestMapping(
  entity: ImportEntity,
  columns: string[],
  sample: string[][] = [],
): Record<string, string | null> {
  const synonyms: Record<string, string[]> =
    entity === 'people' ? personSynonyms : entity === 'companies' ? companySynonyms : dealSynonyms;
  const headers = entity === 'deals' ? dealExportHeaders : exportHeaders[entity];
  const own = new Map(
    Object.entries(headers).map(([label, field]) => [normalizeHeader(label), field]),
  );
  const mapping: Record<string, string | null> = Object.fromEntries(columns.map((c) => [c, null]));
  const used = new Set<string>();
  const normalized = columns.map(normalizeHeader);
  const valuesFit = (index: number, field: string) => {
    const values = sample.map((row) => restoreCell(row[index] ?? '').trim()).filter(Boolean);
    const check = valueChecks[field];
    if (field === 'linkedinUrl' && linkedinOnly.has(normalized[index]!)) {
      return values.length > 0 && values.every((v) => /linkedin\.com\//i.test(v));
    }
    // Most of the values, so that one bad cell is refused with its reason rather than unmapped.
    return !check || values.filter(check).length * 2 >= values.length;
  };
  const take = (column: string, index: number, field: string, exact: boolean) => {
    const multi = multiColumn.has(field);
    if (used.has(field) && !(multi && exact)) return false;
    if (!valuesFit(index, field)) return false;
    mapping[column] = field;
    used.add(field);
    return true;
  };
  // Beacon's own headers first.
  columns.forEach((column, index) => {
    const field = own.get(normalized[index]!);
    if (field && importFields(entity).includes(field)) take(column, index, field, true);
  });
  const open = (index: number) =>
    mapping[columns[index]!] === null &&
    normalized[index] !== '' &&
    !ignoredColumn(columns[index]!);
  // Exact spellings, field by field, the most specific spelling first (Outlook's "Job Title"
  // wins over its "Title", which is a name prefix).
  for (const [field, words] of Object.entries(synonyms)) {
    words: for (const word of words) {
      for (let index = 0; index < columns.length; index += 1) {
        if (!open(index) || normalized[index] !== word) continue;
        if (take(columns[index]!, index, field, true) && !multiColumn.has(field)) break words;
      }
    }
  }
  // Then a field's spelling found inside a longer header ("Work Email", "Organization 1 - Title").
  columns.forEach((column, index) => {
    if (!open(index)) return;
    const header = normalized[index]!;
    for (const [field, words] of Object.entries(synonyms)) {
      const hit = words.some((w) => w.length >= 5 && !exactOnly.has(w) && header.includes(w));
      if (hit && take(column, index, field, false)) return;
    }
  });
  return mapping;
}

// ---------------------------------------------------------------------------------------------
// Cells to values. Each converter answers the value or throws a reason that names the column.

export class CellError extends Error {}

const enumKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9+<]+/g, '_')
    .replace(/^_+|_+$/g, '');

const seniorityAliases: Record<string, string> = {
  c_level: 'c_level',
  c_suite: 'c_level',
  clevel: 'c_level',
  cxo: 'c_level',
  executive: 'c_level',
  vp: 'vp',
  vice_president: 'vp',
  director: 'director',
  head: 'director',
  manager: 'manager',
  senior: 'senior',
  entry: 'entry',
  junior: 'entry',
  entry_level: 'entry',
  intern: 'intern',
  owner: 'owner',
  founder: 'owner',
  partner: 'owner',
};

export function parseEnum<T extends string>(
  label: string,
  value: string,
  allowed: readonly T[],
  aliases: Record<string, string> = {},
): T | null {
  if (value.trim() === '') return null;
  const key = enumKey(value);
  const compact = value.replace(/\s+/g, '');
  const found =
    allowed.find((a) => a === key || a === compact || enumKey(a) === key) ??
    (aliases[key] as T | undefined);
  if (!found || !allowed.includes(found)) {
    throw new CellError(`${label}: "${value.trim()}" is not one of ${allowed.join(', ')}`);
  }
  return found;
}
export const parseSeniority = <T extends string>(value: string, allowed: readonly T[]) =>
  parseEnum('Seniority', value, allowed, seniorityAliases);

/**
 * A list cell, trimmed and repeats dropped: split on semicolons and Google's ` ::: ` when it holds
 * one of them (so Beacon's "a, b; c" keeps its comma), else on commas and bars.
 */
export const splitList = (value: string) => [
  ...new Set(
    value
      .split(/;|:::/.test(value) ? /;|:::/ : /[,|]/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** Dates as exports write them: ISO 8601, or `YYYY-MM-DD[ HH:MM[:SS]]` taken as UTC. */
export function parseInstant(label: string, value: string): Date {
  const v = value.trim();
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?$/.exec(v);
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i.test(v);
  const date = plain
    ? new Date(
        `${plain[1]}-${plain[2]}-${plain[3]}T${plain[4] ?? '00'}:${plain[5] ?? '00'}:${plain[6] ?? '00'}Z`,
      )
    : iso
      ? new Date(v)
      : null;
  const year = date?.getUTCFullYear() ?? NaN;
  if (!date || Number.isNaN(date.getTime()) || year < 1900 || year > 2999) {
    throw new CellError(
      `${label}: "${v}" is not a date such as 2024-03-05 or 2024-03-05T10:22:00Z`,
    );
  }
  return date;
}

/** Checks a value against the contract's rule for the field; answers the parsed value. */
export function check<S extends z.ZodType>(label: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'invalid';
  throw new CellError(`${label}: ${message}${typeof value === 'string' ? ` ("${value}")` : ''}`);
}

/** An address given without a scheme (linkedin.com/in/…) gets https://. */
export const withScheme = (value: string) => {
  const v = value.trim();
  return v === '' || /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
};

export { companyFields, personFields };
