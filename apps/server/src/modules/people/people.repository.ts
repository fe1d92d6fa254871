import { and, eq } from 'drizzle-orm';
import type { Person } from '@beacon/contract';
import { people } from '../../db/schema/index.ts';
import type { Executor } from '../../lib/records/sql.ts';

export const personColumns = {
  id: people.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  additionalEmails: people.additionalEmails,
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

export function toPerson(row: PersonRow): Person {
  const { consentStatus, consentAt, consentMethod, consentNote, ...rest } = row;
  return {
    ...rest,
    consent: {
      status: consentStatus,
      at: consentAt ? consentAt.toISOString() : null,
      method: consentMethod,
      note: consentNote,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
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
