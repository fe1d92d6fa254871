import {
  companyFields,
  companyImportFields,
  personFields,
  personImportFields,
  type ImportEntity,
} from '@beacon/contract';
import type { z } from 'zod';

export type PersonImportField = (typeof personImportFields)[number];
export type CompanyImportField = (typeof companyImportFields)[number];

/** What a header becomes before matching: lower-case letters and digits only. */
export const normalizeHeader = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Header spellings that mean a field (after normalizeHeader), most specific first. */
const personSynonyms: Record<PersonImportField, string[]> = {
  email: ['email', 'emailaddress', 'mail', 'workemail', 'primaryemail', 'businessemail'],
  firstName: ['firstname', 'first', 'givenname', 'forename', 'prenom'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nom'],
  fullName: ['fullname', 'name', 'contactname', 'contact', 'person', 'personname'],
  additionalEmails: [
    'additionalemails',
    'otheremails',
    'secondaryemail',
    'email2',
    'personalemail',
  ],
  phones: [
    'phone',
    'phones',
    'phonenumber',
    'mobile',
    'mobilephone',
    'telephone',
    'tel',
    'workphone',
  ],
  jobTitle: ['jobtitle', 'title', 'position', 'role', 'job'],
  seniority: ['seniority', 'senioritylevel', 'level'],
  department: ['department', 'dept', 'team', 'function'],
  companyName: [
    'companyname',
    'company',
    'organization',
    'organisation',
    'account',
    'accountname',
    'employer',
  ],
  companyDomain: ['companydomain', 'domain', 'website', 'companywebsite', 'companyurl', 'web'],
  city: ['city', 'town', 'locality'],
  region: ['region', 'state', 'province', 'stateregion', 'county'],
  country: ['country', 'countryname', 'nation'],
  timeZone: ['timezone', 'tz'],
  linkedinUrl: ['linkedinurl', 'linkedin', 'linkedinprofile', 'linkedinprofileurl'],
  stage: ['stage', 'status', 'leadstatus', 'leadstage'],
  tags: ['tags', 'tag', 'labels', 'label'],
  source: ['source', 'leadsource'],
  ownerEmail: ['owneremail', 'owner', 'contactowner', 'accountowner', 'assignedto'],
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
  country: ['country', 'countryname', 'nation'],
  description: ['description', 'about', 'summary', 'notes'],
  linkedinUrl: ['linkedinurl', 'linkedin', 'linkedinpage', 'companylinkedinurl'],
  tags: ['tags', 'tag', 'labels', 'label'],
  ownerEmail: ['owneremail', 'owner', 'accountowner', 'assignedto'],
};

export function importFields(entity: ImportEntity): readonly string[] {
  return entity === 'people' ? personImportFields : companyImportFields;
}

/**
 * Suggests a field for each column: header names compared without case, accents or punctuation
 * ("E-mail", "Email Address", "Company", "Title"). Each field goes to one column at most, the first
 * that matches it best; a column that matches nothing maps to null.
 */
export function suggestMapping(
  entity: ImportEntity,
  columns: string[],
): Record<string, string | null> {
  const synonyms: Record<string, string[]> = entity === 'people' ? personSynonyms : companySynonyms;
  const mapping: Record<string, string | null> = Object.fromEntries(columns.map((c) => [c, null]));
  const used = new Set<string>();
  const normalized = columns.map(normalizeHeader);
  // Exact spellings first (pass 0), then a field name found inside a longer header (pass 1),
  // so "Work Email" still maps while "Email" wins over "Email 2" for the primary e-mail.
  for (const pass of [0, 1]) {
    columns.forEach((column, index) => {
      if (mapping[column] !== null) return;
      const header = normalized[index]!;
      if (!header) return;
      for (const [field, words] of Object.entries(synonyms)) {
        if (used.has(field)) continue;
        const hit =
          pass === 0
            ? words.includes(header)
            : words.some((w) => w.length >= 5 && header.includes(w));
        if (hit) {
          mapping[column] = field;
          used.add(field);
          return;
        }
      }
    });
  }
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

/** A list cell: values split on commas, semicolons or bars, trimmed, repeats dropped. */
export const splitList = (value: string) => [
  ...new Set(
    value
      .split(/[,;|]/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

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
