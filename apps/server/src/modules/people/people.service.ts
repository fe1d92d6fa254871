import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordDeletion } from '../audit/audit.repository.ts';
import type {
  DuplicateGroup,
  MergeRequest,
  NewPerson,
  PersonBulkRequest,
  Person,
  PersonDetail,
  PersonPatch,
} from '@beacon/contract';
import { personFields, type newPersonSchema } from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { people } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { adjustPeopleCount, getCompany, linkedCompany } from '../companies/companies.repository.ts';
import { listsOf } from '../lists/lists.repository.ts';
import { contactsCsvContext, personCsvColumns } from '../imports/contacts-csv.ts';
import { recordActivities } from '../../lib/records/activity.ts';
import {
  changedFields,
  checkOwner,
  checkUnchanged,
  type Caller,
} from '../../lib/records/caller.ts';
import { peopleEntity } from './people.entity.ts';
import { namedLink } from '../../lib/records/links.ts';
import { companiesEntity } from '../companies/companies.entity.ts';
import { RecordService } from '../../lib/records/record-module.ts';
import { rowsOf, uuidArray, type Executor } from '../../lib/records/sql.ts';
import { ownerScope, requireVisible } from '../../lib/records/scope.ts';
import { getPersonRow, personColumns, toPerson, type PersonRow } from './people.repository.ts';
import { personVcard, vcardFileName } from './vcard.ts';
import { records } from '../record-entities.ts';

type NewPersonValues = z.output<typeof newPersonSchema>;
export type { NewPerson };

export const personNotFound = () => notFound('No such person');

/** E-mails are kept lower-cased; the additional ones unique and without the primary. */
function normaliseEmails(primary: string, additional: string[]) {
  const email = primary.toLowerCase();
  const others = [...new Set(additional.map((e) => e.toLowerCase()))].filter(
    (e) => e !== email && e !== '',
  );
  return { email, additionalEmails: others };
}

const uniqueTags = (tags: string[]) => [...new Set(tags)];

/**
 * The simple columns of a patch (same name in the contract and the table): every field of
 * `PersonPatch` but the consent, in the contract's order.
 */
const plainFields = Object.keys(personFields).filter((field) => field !== 'consent') as Exclude<
  keyof typeof personFields,
  'consent'
>[];

export class PeopleService extends RecordService<PersonRow, Person, PersonBulkRequest> {
  constructor(db: Database) {
    super(db, {
      entity: peopleEntity,
      table: people,
      columns: personColumns,
      toItem: toPerson,
      csvColumns: personCsvColumns,
      csvContext: contactsCsvContext,
      links: [
        namedLink<Person, 'companyId', 'companyName'>(companiesEntity, 'companyId', 'companyName'),
      ],
    });
  }

  async create(caller: Caller, values: NewPersonValues): Promise<Person> {
    const { allowDuplicate, ...input } = values;
    await checkOwner(this.db, caller, input.ownerId);
    return this.db.transaction(async (tx) => {
      if (!allowDuplicate)
        await checkEmailFree(tx, caller.workspaceId, input.email, null, ownerScope(caller));
      const companyName = await this.companyName(tx, caller, input.companyId);
      const consent = input.consent;
      const known = consent && consent.status !== 'unknown';
      const [row] = await tx
        .insert(people)
        .values({
          workspaceId: caller.workspaceId,
          ...input,
          ...normaliseEmails(input.email, input.additionalEmails),
          tags: uniqueTags(input.tags),
          companyName,
          consentStatus: consent?.status ?? 'unknown',
          consentMethod: known ? consent.method : null,
          consentAt: known ? sql`now()` : null,
          consentNote: consent?.note ?? '',
        })
        .returning(personColumns);
      const person = row!;
      await adjustPeopleCount(tx, person.companyId, 1);
      await recordActivities(tx, caller.workspaceId, caller.userId, subject(person.id), [
        { kind: 'created' },
      ]);
      return toPerson((await getPersonRow(tx, caller.workspaceId, person.id))!);
    });
  }

  async detail(caller: Caller, id: string): Promise<PersonDetail> {
    const row = await getPersonRow(this.db, caller.workspaceId, id);
    if (!row) throw personNotFound();
    const [[person], company, lists] = await Promise.all([
      this.shown(caller, [toPerson(row)]),
      linkedCompany(this.db, caller, row.companyId),
      listsOf(this.db, caller, 'people', id),
    ]);
    return { person: person!, company, lists };
  }

  async patch(caller: Caller, id: string, patch: PersonPatch): Promise<Person> {
    if (patch.ownerId !== undefined) await checkOwner(this.db, caller, patch.ownerId);
    return this.db.transaction(async (tx) => {
      const old = await getPersonRow(tx, caller.workspaceId, id, true);
      if (!old) throw personNotFound();
      checkUnchanged(old.updatedAt, patch.expectedUpdatedAt, 'person');
      if (
        patch.email !== undefined &&
        patch.email.toLowerCase() !== old.email &&
        !patch.allowDuplicate
      ) {
        await checkEmailFree(tx, caller.workspaceId, patch.email, id, ownerScope(caller));
      }
      const wanted: Record<string, unknown> = { ...patch };
      if (patch.email !== undefined || patch.additionalEmails !== undefined) {
        Object.assign(
          wanted,
          normaliseEmails(patch.email ?? old.email, patch.additionalEmails ?? old.additionalEmails),
        );
      }
      if (patch.tags !== undefined) wanted.tags = uniqueTags(patch.tags);
      const plain = changedFields(plainFields, old, wanted);
      const next = plain.next as Partial<typeof people.$inferInsert>;
      const changes = plain.changes;
      if (next.companyId !== undefined) {
        next.companyName = await this.companyName(tx, caller, next.companyId);
      }
      // A new primary address has not bounced (docs/decisions/061-conversations.md).
      if (next.email !== undefined && old.emailStatus === 'bounced') {
        next.emailStatus = 'ok';
        next.emailBouncedAt = null;
      }
      if (patch.consent) {
        const consent = patch.consent;
        if (consent.status !== old.consentStatus) {
          next.consentStatus = consent.status;
          next.consentAt = sql`now()` as unknown as Date;
          next.consentMethod = consent.method;
          changes.push({
            kind: 'field_changed',
            field: 'consentStatus',
            oldValue: old.consentStatus,
            newValue: consent.status,
          });
        } else if (consent.method !== null && consent.method !== old.consentMethod) {
          next.consentMethod = consent.method;
        }
        if (consent.note !== old.consentNote) {
          next.consentNote = consent.note;
          changes.push({
            kind: 'field_changed',
            field: 'consentNote',
            oldValue: old.consentNote,
            newValue: consent.note,
          });
        }
      }
      if (Object.keys(next).length > 0) {
        await tx
          .update(people)
          .set({ ...next, updatedAt: sql`now()`, lastActivityAt: sql`now()` })
          .where(and(eq(people.workspaceId, caller.workspaceId), eq(people.id, id)));
        if (next.companyId !== undefined) {
          await adjustPeopleCount(tx, old.companyId, -1);
          await adjustPeopleCount(tx, next.companyId, 1);
        }
        await recordActivities(tx, caller.workspaceId, caller.userId, subject(id), changes);
      }
      return (
        await this.shown(caller, [toPerson((await getPersonRow(tx, caller.workspaceId, id))!)], tx)
      )[0]!;
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(people)
        .where(and(eq(people.workspaceId, caller.workspaceId), eq(people.id, id)))
        .returning({ companyId: people.companyId });
      if (!row) throw personNotFound();
      await adjustPeopleCount(tx, row.companyId, -1);
      await recordDeletion(tx, caller, 'people', id);
    });
  }

  async vcard(caller: Caller, id: string) {
    await this.requireVisible(caller, [id]);
    const { person, company } = await this.detail(caller, id);
    return { text: personVcard(person, company), fileName: vcardFileName(person) };
  }

  /**
   * Groups of likely duplicates: the same primary e-mail, or the same first and last name at the
   * same company (case-insensitive). At most 100 groups of each kind.
   */
  async duplicates(caller: Caller): Promise<{ groups: DuplicateGroup[] }> {
    const ws = caller.workspaceId;
    // Record visibility: a member who sees only their own records compares only those.
    const owner = ownerScope(caller);
    const own = owner === null ? sql`` : sql` and owner_id = ${owner}::uuid`;
    const found = await rowsOf<{ reason: 'email' | 'name_company'; key: string; ids: string }>(
      this.db,
      sql`(select 'email' as reason, email as key,
                  string_agg(id::text, ',' order by created_at, id) as ids
           from people where workspace_id = ${ws}::uuid and email <> ''${own}
           group by email having count(*) > 1 order by email limit 100)
          union all
          (select 'name_company' as reason,
                  lower(first_name) || ' ' || lower(last_name) || ' @ ' || min(company_name) as key,
                  string_agg(id::text, ',' order by created_at, id) as ids
           from people
           where workspace_id = ${ws}::uuid and company_id is not null${own}
             and (first_name <> '' or last_name <> '')
           group by lower(first_name), lower(last_name), company_id
           having count(*) > 1 order by 2 limit 100)`,
    );
    // The same people found both ways are one group: the e-mail says more.
    const byEmail = new Set(found.filter((g) => g.reason === 'email').map((g) => g.ids));
    const groups = found.filter((g) => g.reason === 'email' || !byEmail.has(g.ids));
    const ids = [...new Set(groups.flatMap((g) => g.ids.split(',')))];
    if (ids.length === 0) return { groups: [] };
    const rows = await this.db
      .select(personColumns)
      .from(people)
      .where(and(eq(people.workspaceId, ws), inArray(people.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, toPerson(r)]));
    return {
      groups: groups.map((g) => ({
        reason: g.reason,
        key: g.key,
        people: g.ids
          .split(',')
          .map((id) => byId.get(id))
          .filter((p): p is Person => p !== undefined),
      })),
    };
  }

  /**
   * Merges duplicates into the primary, in one transaction: the primary's empty fields are filled
   * from the duplicates (in the order given), e-mails, phones and tags are united, every row that
   * points at a duplicate is moved to the primary, the duplicates are deleted and a `merged`
   * activity is recorded.
   */
  async merge(caller: Caller, request: MergeRequest): Promise<PersonDetail> {
    const duplicateIds = [...new Set(request.duplicateIds)];
    if (duplicateIds.includes(request.primaryId)) {
      throw badRequest(
        'VALIDATION_FAILED',
        'duplicateIds: The primary cannot be its own duplicate',
      );
    }
    await this.requireVisible(caller, [request.primaryId, ...duplicateIds]);
    await this.db.transaction(async (tx) => {
      const all = [request.primaryId, ...duplicateIds];
      const rows = await tx
        .select(personColumns)
        .from(people)
        .where(and(eq(people.workspaceId, caller.workspaceId), inArray(people.id, all)))
        .for('update');
      const byId = new Map(rows.map((r) => [r.id, r]));
      const primary = byId.get(request.primaryId);
      if (!primary || rows.length !== all.length) throw personNotFound();
      const dups = duplicateIds.map((id) => byId.get(id)!);
      const merged = mergedValues(primary, dups);

      // Re-point every row that references a duplicate.
      await tx.execute(
        sql`insert into list_people (list_id, person_id, added_at)
            select list_id, ${primary.id}::uuid, min(added_at) from list_people
            where person_id = any(${uuidArray(duplicateIds)})
            group by list_id
            on conflict (list_id, person_id)
            do update set added_at = least(list_people.added_at, excluded.added_at)`,
      );
      await tx.execute(
        sql`delete from list_people where person_id = any(${uuidArray(duplicateIds)})`,
      );
      // A deal the primary is on already keeps the primary's role.
      await tx.execute(
        sql`insert into deal_people (deal_id, person_id, workspace_id, role, added_at)
            select distinct on (deal_id) deal_id, ${primary.id}::uuid, workspace_id, role, added_at
            from deal_people where person_id = any(${uuidArray(duplicateIds)})
            order by deal_id, added_at
            on conflict (deal_id, person_id) do nothing`,
      );
      await tx.execute(
        sql`delete from deal_people where person_id = any(${uuidArray(duplicateIds)})`,
      );
      for (const ref of await referencesToPeople(tx)) {
        if (ref.table === 'list_people' || ref.table === 'deal_people') continue;
        await tx.execute(
          sql`update ${sql.raw(ref.table)} set ${sql.raw(quoteIdent(ref.column))} = ${primary.id}::uuid
              where ${sql.raw(quoteIdent(ref.column))} = any(${uuidArray(duplicateIds)})`,
        );
      }

      const deleted = await tx
        .delete(people)
        .where(and(eq(people.workspaceId, caller.workspaceId), inArray(people.id, duplicateIds)))
        .returning({ companyId: people.companyId });
      for (const row of deleted) await adjustPeopleCount(tx, row.companyId, -1);
      await tx
        .update(people)
        .set({ ...merged, updatedAt: sql`now()` })
        .where(eq(people.id, primary.id));
      if (!primary.companyId && merged.companyId) await adjustPeopleCount(tx, merged.companyId, 1);
      await recordActivities(tx, caller.workspaceId, caller.userId, subject(primary.id), [
        {
          kind: 'merged',
          field: null,
          oldValue: dups.map(describe).join(', '),
          newValue: describe({ ...primary, ...merged }),
        },
      ]);
    });
    return this.detail(caller, request.primaryId);
  }

  /** The company's name for a person linked to it; 404 for a company of another workspace. */
  private async companyName(tx: Executor, caller: Caller, companyId: string | null) {
    if (!companyId) return '';
    const company = await getCompany(tx, caller.workspaceId, companyId);
    if (!company) throw notFound('No such company');
    // Record visibility: a company the member does not see is not theirs to link (404).
    await requireVisible(tx, records.entity('companies'), caller, [companyId]);
    return company.name;
  }
}

const subject = (id: string) => ({ type: 'person' as const, id });

/**
 * Refuses an e-mail that another person of the workspace already has as their primary e-mail,
 * in any case (e-mails are kept lower-cased). A transaction-scoped advisory lock on the address
 * makes two adds of one e-mail at the same moment wait for each other, so both cannot pass.
 */
async function checkEmailFree(
  tx: Executor,
  workspaceId: string,
  email: string,
  self: string | null,
  /** Record visibility `own`: a person of another owner is not named to the caller. */
  viewer: string | null = null,
) {
  const address = email.trim().toLowerCase();
  if (address === '') return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`person-email:${workspaceId}:${address}`}))`,
  );
  const [other] = await tx
    .select({
      id: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      ownerId: people.ownerId,
    })
    .from(people)
    .where(
      and(
        eq(people.workspaceId, workspaceId),
        eq(people.email, address),
        self ? sql`${people.id} <> ${self}::uuid` : undefined,
      ),
    )
    .limit(1);
  if (!other) return;
  if (viewer !== null && other.ownerId !== viewer) {
    throw new AppError(
      'DUPLICATE_EMAIL',
      `Another person already has the e-mail ${address} in your workspace`,
      { email: ['Another person already has this e-mail'] },
    );
  }
  const name = [other.firstName, other.lastName].filter(Boolean).join(' ') || address;
  throw new AppError(
    'DUPLICATE_EMAIL',
    `${name} already has the e-mail ${address} in your workspace`,
    { email: [`${name} already has this e-mail`] },
  );
}

const describe = (p: Pick<PersonRow, 'firstName' | 'lastName' | 'email'>) => {
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
  return p.email ? (name ? `${name} <${p.email}>` : p.email) : name || 'Unnamed';
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every (table, column) with a foreign key to people: what a merge must move. */
async function referencesToPeople(db: Executor) {
  const rows = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.conrelid::regclass::text as "table", a.attname as "column"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.confrelid = 'people'::regclass`,
  );
  return rows;
}

const textFields = [
  'firstName',
  'lastName',
  'jobTitle',
  'department',
  'city',
  'region',
  'country',
  'timeZone',
  'linkedinUrl',
  'source',
] as const;

/** What the primary becomes: its own values, its empty ones filled from the duplicates. */
function mergedValues(primary: PersonRow, dups: PersonRow[]) {
  const everyone = [primary, ...dups];
  const values: Partial<typeof people.$inferInsert> = {};
  for (const field of textFields) {
    values[field] = everyone.find((p) => p[field] !== '')?.[field] ?? '';
  }
  const email = everyone.find((p) => p.email !== '')?.email ?? '';
  const allEmails = everyone.flatMap((p) => [p.email, ...p.additionalEmails]);
  Object.assign(values, normaliseEmails(email, allEmails));
  values.phones = [...new Set(everyone.flatMap((p) => p.phones))];
  values.tags = uniqueTags(everyone.flatMap((p) => p.tags));
  values.seniority = everyone.find((p) => p.seniority !== null)?.seniority ?? null;
  values.ownerId = everyone.find((p) => p.ownerId !== null)?.ownerId ?? null;
  const withCompany = everyone.find((p) => p.companyId !== null);
  values.companyId = withCompany?.companyId ?? null;
  values.companyName = withCompany?.companyName ?? '';
  // Do-not-contact on any record wins: a merge must never make someone reachable again.
  values.stage = everyone.some((p) => p.stage === 'do_not_contact')
    ? 'do_not_contact'
    : primary.stage;
  // The latest recorded consent decision wins.
  const decided = everyone
    .filter((p) => p.consentStatus !== 'unknown' && p.consentAt !== null)
    .sort((a, b) => b.consentAt!.getTime() - a.consentAt!.getTime())[0];
  if (decided) {
    values.consentStatus = decided.consentStatus;
    values.consentAt = decided.consentAt;
    values.consentMethod = decided.consentMethod;
    values.consentNote = decided.consentNote;
  }
  values.createdAt = new Date(Math.min(...everyone.map((p) => p.createdAt.getTime())));
  return values;
}
export type { PersonRow };
