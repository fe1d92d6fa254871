import { and, eq } from 'drizzle-orm';
import type { Person } from '@beacon/contract';
import { people } from '../../db/schema/index.ts';
import { isoTime, type Executor } from '../../lib/records/sql.ts';

export const personColumns = {
  id: people.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  additionalEmails: people.additionalEmails,
  emailStatus: people.emailStatus,
  phones: people.phones,
  jobTitle: people.jobTitle,
  seniority: people.seniority,
  department: people.department,
  companyId: people.companyId,
  companyName: people.companyName,
  city: people.city,
  region: people.region,
  country: people.country,
  timeZone: people.timeZone,
  linkedinUrl: people.linkedinUrl,
  ownerId: people.ownerId,
  stage: people.stage,
  tags: people.tags,
  source: people.source,
  consentStatus: people.consentStatus,
  consentAt: people.consentAt,
  consentMethod: people.consentMethod,
  consentNote: people.consentNote,
  createdAt: people.createdAt,
  updatedAt: people.updatedAt,
  lastActivityAt: people.lastActivityAt,
};

export type PersonRow = Pick<typeof people.$inferSelect, keyof typeof personColumns>;

/** Field by field: a rest spread over the row is a slow path of V8 on every person of a page. */
export function toPerson(row: PersonRow): Person {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    additionalEmails: row.additionalEmails,
    emailStatus: row.emailStatus,
    phones: row.phones,
    jobTitle: row.jobTitle,
    seniority: row.seniority,
    department: row.department,
    companyId: row.companyId,
    companyName: row.companyName,
    city: row.city,
    region: row.region,
    country: row.country,
    timeZone: row.timeZone,
    linkedinUrl: row.linkedinUrl,
    ownerId: row.ownerId,
    stage: row.stage,
    tags: row.tags,
    source: row.source,
    consent: {
      status: row.consentStatus,
      at: row.consentAt ? isoTime(row.consentAt) : null,
      method: row.consentMethod,
      note: row.consentNote,
    },
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    lastActivityAt: isoTime(row.lastActivityAt),
  };
}

export async function getPersonRow(
  db: Executor,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<PersonRow | undefined> {
  const query = db
    .select(personColumns)
    .from(people)
    .where(and(eq(people.workspaceId, workspaceId), eq(people.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
