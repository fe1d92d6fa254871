import type { Company, Person } from '@beacon/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listCell, orEmpty, type CsvColumn } from '../../lib/records/csv.ts';
import { rowsOf, uuidArray } from '../../lib/records/sql.ts';

/**
 * The people and companies CSV export (docs/decisions/024): headers a person reads ("First
 * name", "Owner email"), the owner as the member's e-mail, stages and seniorities by their label,
 * the company by name and domain. Every default column is one the import reads back under the
 * same header, so export → import → export gives the same file; the other columns (ids, consent,
 * dates kept by the server) are written when the `columns` parameter asks for them.
 */

/** What a page of the export looks up: the members' e-mails, the people's companies' domains. */
export type ContactsCsvContext = {
  owners: Map<string, string>;
  domains: Map<string, string>;
};

const enumLabels: Record<string, string> = { c_level: 'C-level', vp: 'VP' };
/** An enum value as a label: `do_not_contact` → "Do not contact" (the import reads both). */
export function enumLabel(value: string | null): string {
  if (!value) return '';
  const label = enumLabels[value];
  if (label) return label;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const owner = (id: string | null, context: ContactsCsvContext) =>
  id ? (context.owners.get(id) ?? '') : '';

type PersonColumn = CsvColumn<Person, ContactsCsvContext>;
type CompanyColumn = CsvColumn<Company, ContactsCsvContext>;

export const personCsvColumns: PersonColumn[] = [
  { name: 'firstName', label: 'First name', value: (p) => p.firstName },
  { name: 'lastName', label: 'Last name', value: (p) => p.lastName },
  { name: 'email', label: 'Email', value: (p) => p.email },
  {
    name: 'additionalEmails',
    label: 'Additional emails',
    value: (p) => listCell(p.additionalEmails),
  },
  { name: 'phones', label: 'Phone', value: (p) => listCell(p.phones) },
  { name: 'jobTitle', label: 'Job title', value: (p) => p.jobTitle },
  { name: 'seniority', label: 'Seniority', value: (p) => enumLabel(p.seniority) },
  { name: 'department', label: 'Department', value: (p) => p.department },
  { name: 'companyName', label: 'Company', value: (p) => p.companyName },
  {
    name: 'companyDomain',
    label: 'Company domain',
    value: (p, c) => (p.companyId ? (c.domains.get(p.companyId) ?? '') : ''),
  },
  { name: 'city', label: 'City', value: (p) => p.city },
  { name: 'region', label: 'Region', value: (p) => p.region },
  { name: 'country', label: 'Country', value: (p) => p.country },
  { name: 'timeZone', label: 'Time zone', value: (p) => p.timeZone },
  { name: 'linkedinUrl', label: 'LinkedIn', value: (p) => p.linkedinUrl },
  {
    name: 'ownerEmail',
    aliases: ['ownerId'],
    label: 'Owner email',
    value: (p, c) => owner(p.ownerId, c),
  },
  { name: 'stage', label: 'Stage', value: (p) => enumLabel(p.stage) },
  { name: 'tags', label: 'Tags', value: (p) => listCell(p.tags) },
  { name: 'source', label: 'Source', value: (p) => p.source },
  { name: 'createdAt', label: 'Created at', value: (p) => p.createdAt },
  // Asked for by name only: what an import cannot give back.
  { name: 'id', label: 'ID', extra: true, value: (p) => p.id },
  { name: 'companyId', label: 'Company ID', extra: true, value: (p) => orEmpty(p.companyId) },
  {
    name: 'consentStatus',
    label: 'Consent',
    extra: true,
    value: (p) => enumLabel(p.consent.status),
  },
  {
    name: 'consentAt',
    label: 'Consent date',
    extra: true,
    value: (p) => orEmpty(p.consent.at),
  },
  {
    name: 'consentMethod',
    label: 'Consent method',
    extra: true,
    value: (p) => enumLabel(p.consent.method),
  },
  { name: 'consentNote', label: 'Consent note', extra: true, value: (p) => p.consent.note },
  { name: 'updatedAt', label: 'Updated at', extra: true, value: (p) => p.updatedAt },
  { name: 'lastActivityAt', label: 'Last activity', extra: true, value: (p) => p.lastActivityAt },
];

export const companyCsvColumns: CompanyColumn[] = [
  { name: 'name', label: 'Name', value: (c) => c.name },
  { name: 'domain', label: 'Domain', value: (c) => c.domain },
  { name: 'industry', label: 'Industry', value: (c) => c.industry },
  { name: 'size', label: 'Size', value: (c) => orEmpty(c.size) },
  { name: 'revenueRange', label: 'Revenue', value: (c) => orEmpty(c.revenueRange) },
  { name: 'city', label: 'City', value: (c) => c.city },
  { name: 'region', label: 'Region', value: (c) => c.region },
  { name: 'country', label: 'Country', value: (c) => c.country },
  { name: 'description', label: 'Description', value: (c) => c.description },
  { name: 'linkedinUrl', label: 'LinkedIn', value: (c) => c.linkedinUrl },
  {
    name: 'ownerEmail',
    aliases: ['ownerId'],
    label: 'Owner email',
    value: (c, context) => owner(c.ownerId, context),
  },
  { name: 'tags', label: 'Tags', value: (c) => listCell(c.tags) },
  { name: 'createdAt', label: 'Created at', value: (c) => c.createdAt },
  { name: 'id', label: 'ID', extra: true, value: (c) => c.id },
  { name: 'peopleCount', label: 'People', extra: true, value: (c) => String(c.peopleCount) },
  { name: 'updatedAt', label: 'Updated at', extra: true, value: (c) => c.updatedAt },
  { name: 'lastActivityAt', label: 'Last activity', extra: true, value: (c) => c.lastActivityAt },
];

/** The members' e-mails by user id, and the domains of the page's companies. */
export async function contactsCsvContext(
  db: Database,
  workspaceId: string,
  items: { ownerId: string | null; companyId?: string | null }[],
): Promise<ContactsCsvContext> {
  const ownerIds = new Set(items.flatMap((i) => (i.ownerId ? [i.ownerId] : [])));
  const companyIds = new Set(items.flatMap((i) => (i.companyId ? [i.companyId] : [])));
  const [owners, domains] = await Promise.all([
    ownerIds.size === 0
      ? []
      : rowsOf<{ id: string; email: string }>(
          db,
          sql`select id, email from users
              where workspace_id = ${workspaceId} and id = any(${uuidArray(ownerIds)})`,
        ),
    companyIds.size === 0
      ? []
      : rowsOf<{ id: string; domain: string }>(
          db,
          sql`select id, domain from companies
              where workspace_id = ${workspaceId} and id = any(${uuidArray(companyIds)})`,
        ),
  ]);
  return {
    owners: new Map(owners.map((o) => [o.id, o.email])),
    domains: new Map(domains.map((d) => [d.id, d.domain])),
  };
}

/** Every header the export writes, as the import field it is read back into. */
export const exportHeaders = {
  people: Object.fromEntries(
    personCsvColumns.filter((c) => !c.extra).map((c) => [c.label!, c.name]),
  ) as Record<string, string>,
  companies: Object.fromEntries(
    companyCsvColumns.filter((c) => !c.extra).map((c) => [c.label!, c.name]),
  ) as Record<string, string>,
};
