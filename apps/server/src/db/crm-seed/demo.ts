import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  activities,
  companies,
  listCompanies,
  listPeople,
  notes,
  people,
  recordLists,
} from '../schema/index.ts';
import { seedDemoTasks } from './tasks.ts';
import {
  NOTE_BODIES,
  createRandom,
  generateCompanies,
  generatePeople,
  type SeedPerson,
} from './generate.ts';
import { seedDemoDeals } from './deals.ts';

export const DEMO_PEOPLE = 3000;
export const DEMO_COMPANIES = 300;
const SEED = 20_251_105;
const BATCH = 500;

/**
 * The demo workspace's CRM records: ~3,000 people at ~300 companies, owned by the given members,
 * with lists, notes and a timeline. Deterministic for a seed and an instant `now`.
 */
export async function seedDemoCrm(
  db: Executor,
  input: {
    workspaceId: string;
    /** Members who own records (admins and contributors). */
    ownerIds: string[];
    authorId: string;
    now?: Date;
    people?: number;
    companies?: number;
  },
): Promise<{ people: number; companies: number }> {
  const now = input.now ?? new Date();
  const random = createRandom(SEED);
  const owners = input.ownerIds.length;
  const seedCompanies = generateCompanies(random, input.companies ?? DEMO_COMPANIES, {
    owners,
    now,
  });
  const seedPeople = generatePeople(random, input.people ?? DEMO_PEOPLE, seedCompanies, {
    owners,
    now,
  });
  addLikelyDuplicates(seedPeople);
  const ownerId = (i: number | null) => (i === null ? null : input.ownerIds[i]!);
  const { workspaceId } = input;

  const companyIds: string[] = [];
  for (let i = 0; i < seedCompanies.length; i += BATCH) {
    const rows = await db
      .insert(companies)
      .values(
        seedCompanies.slice(i, i + BATCH).map((c) => ({
          workspaceId,
          name: c.name,
          domain: c.domain,
          industry: c.industry,
          size: c.size,
          revenueRange: c.revenueRange,
          city: c.city,
          region: c.region,
          country: c.country,
          description: c.description,
          linkedinUrl: c.linkedinUrl,
          ownerId: ownerId(c.owner),
          tags: c.tags,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
          lastActivityAt: c.createdAt,
        })),
      )
      .returning({ id: companies.id });
    companyIds.push(...rows.map((r) => r.id));
  }

  const personIds: string[] = [];
  for (let i = 0; i < seedPeople.length; i += BATCH) {
    const rows = await db
      .insert(people)
      .values(
        seedPeople.slice(i, i + BATCH).map((p) => ({
          workspaceId,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          phones: p.phones,
          jobTitle: p.jobTitle,
          seniority: p.seniority,
          department: p.department,
          companyId: companyIds[p.company]!,
          companyName: seedCompanies[p.company]!.name,
          city: p.city,
          region: p.region,
          country: p.country,
          timeZone: p.timeZone,
          linkedinUrl: p.linkedinUrl,
          ownerId: ownerId(p.owner),
          stage: p.stage,
          tags: p.tags,
          source: p.source,
          consentStatus: p.consentStatus,
          consentAt: p.consentStatus === 'unknown' ? null : p.createdAt,
          consentMethod:
            p.consentStatus === 'unknown'
              ? null
              : p.source === 'website'
                ? ('form' as const)
                : ('email' as const),
          createdAt: p.createdAt,
          updatedAt: p.lastActivityAt,
          lastActivityAt: p.lastActivityAt,
        })),
      )
      .returning({ id: people.id });
    personIds.push(...rows.map((r) => r.id));
  }

  // Set-based: people counts, company activity times, and a `created` entry per record.
  await db.execute(sql`
    update companies c set people_count = n.count, last_activity_at = greatest(c.last_activity_at, n.last)
    from (select company_id, count(*)::int as count, max(last_activity_at) as last
          from people where workspace_id = ${workspaceId} group by company_id) n
    where c.id = n.company_id`);
  await db.execute(sql`
    insert into activities (workspace_id, person_id, kind, actor_id, created_at)
    select workspace_id, id, 'created', owner_id, created_at from people where workspace_id = ${workspaceId}`);
  await db.execute(sql`
    insert into activities (workspace_id, company_id, kind, actor_id, created_at)
    select workspace_id, id, 'created', owner_id, created_at from companies where workspace_id = ${workspaceId}`);

  // Lists: people chosen by what the list is about, so the membership reads true.
  const listRows = await db
    .insert(recordLists)
    .values([
      {
        workspaceId,
        name: 'Q4 targets',
        kind: 'people' as const,
        description: 'Decision makers we want a first meeting with before the end of the year.',
        createdBy: input.authorId,
      },
      {
        workspaceId,
        name: 'Conference leads',
        kind: 'people' as const,
        description: 'People we met at SaaS Connect, to follow up.',
        createdBy: input.authorId,
      },
      {
        workspaceId,
        name: 'Warm pipeline',
        kind: 'people' as const,
        description: 'Replied or interested: keep these moving.',
        createdBy: input.authorId,
      },
      {
        workspaceId,
        name: 'Key accounts',
        kind: 'companies' as const,
        description: 'Our largest prospects.',
        createdBy: input.authorId,
      },
    ])
    .returning({ id: recordLists.id, name: recordLists.name });
  const [q4, conference, warm, key] = listRows as [
    { id: string; name: string },
    { id: string; name: string },
    { id: string; name: string },
    { id: string; name: string },
  ];
  const members: { listId: string; personId: string; addedAt: Date }[] = [];
  seedPeople.forEach((p, i) => {
    const addedAt = p.lastActivityAt;
    const personId = personIds[i]!;
    if (p.tags.includes('decision-maker') && p.stage !== 'do_not_contact' && random.chance(0.4)) {
      members.push({ listId: q4.id, personId, addedAt });
    }
    if (p.source === 'conference') members.push({ listId: conference.id, personId, addedAt });
    if (p.stage === 'replied' || p.stage === 'interested') {
      members.push({ listId: warm.id, personId, addedAt });
    }
  });
  for (let i = 0; i < members.length; i += BATCH) {
    await db.insert(listPeople).values(members.slice(i, i + BATCH));
  }
  const bigCompanies = seedCompanies
    .map((c, i) => ({ c, id: companyIds[i]! }))
    .filter(({ c }) => ['1001-5000', '5001+'].includes(c.size));
  if (bigCompanies.length > 0) {
    await db
      .insert(listCompanies)
      .values(
        bigCompanies.map(({ id, c }) => ({ listId: key.id, companyId: id, addedAt: c.createdAt })),
      );
  }
  await db.execute(sql`
    insert into activities (workspace_id, person_id, kind, actor_id, list_id, list_name, created_at)
    select ${workspaceId}, lp.person_id, 'list_added', ${input.authorId}, l.id, l.name, lp.added_at
    from list_people lp join record_lists l on l.id = lp.list_id where l.workspace_id = ${workspaceId}`);

  // Notes on people further along, each with its timeline entry; and some stage changes.
  const noted = seedPeople
    .map((p, i) => ({ p, id: personIds[i]! }))
    .filter(({ p }) => ['replied', 'interested', 'not_interested'].includes(p.stage))
    .slice(0, 60);
  if (noted.length > 0) {
    const noteRows = await db
      .insert(notes)
      .values(
        noted.map(({ p, id }) => ({
          workspaceId,
          personId: id,
          body: random.pick(NOTE_BODIES),
          authorId: ownerId(p.owner) ?? input.authorId,
          createdAt: p.lastActivityAt,
          updatedAt: p.lastActivityAt,
        })),
      )
      .returning({
        id: notes.id,
        personId: notes.personId,
        authorId: notes.authorId,
        at: notes.createdAt,
      });
    await db.insert(activities).values(
      noteRows.map((n) => ({
        workspaceId,
        personId: n.personId,
        kind: 'note_added' as const,
        actorId: n.authorId,
        noteId: n.id,
        createdAt: n.at,
      })),
    );
  }
  const changed = seedPeople
    .map((p, i) => ({ p, id: personIds[i]! }))
    .filter(({ p }) => p.stage !== 'cold');
  for (let i = 0; i < changed.length; i += BATCH) {
    await db.insert(activities).values(
      changed.slice(i, i + BATCH).map(({ p, id }) => ({
        workspaceId,
        personId: id,
        kind: 'field_changed' as const,
        actorId: ownerId(p.owner),
        field: 'stage',
        oldValue: 'cold',
        newValue: p.stage,
        createdAt: p.lastActivityAt,
      })),
    );
  }
  await seedDemoDeals(db, {
    ...input,
    now,
    companies: seedCompanies,
    companyIds,
    people: seedPeople,
    personIds,
  });
  await seedDemoTasks(db, {
    workspaceId,
    memberIds: input.ownerIds,
    authorId: input.authorId,
    now,
    subjects: seedPeople.slice(0, 400).map((p, i) => ({
      personId: personIds[i]!,
      firstName: p.firstName,
      companyId: companyIds[p.company] ?? null,
      company: seedCompanies[p.company]!.name,
    })),
  });
  return { people: personIds.length, companies: companyIds.length };
}

/** A first name as someone in a hurry types it: a known short form, else the initial. */
const shortFirstName = (name: string) =>
  ({ Thomas: 'Tom', Katherine: 'Kate', William: 'Will' })[name] ?? `${name.slice(0, 1)}.`;

/**
 * A few people entered twice, as happens in any real CRM, so the duplicates page has work to
 * show: the last three people become second entries of earlier ones (the same e-mail typed in
 * capitals, or the same name at the same company), with their own title and creation date.
 */
function addLikelyDuplicates(people: SeedPerson[]) {
  const picks = [11, 47, 203].filter((i) => i < people.length - 3);
  picks.forEach((original, k) => {
    const copy = people.length - 1 - k;
    const first = people[original]!;
    people[copy] = {
      ...people[copy]!,
      // The same e-mail with the first name shortened, or the very same name with another e-mail.
      firstName: k < 2 ? shortFirstName(first.firstName) : first.firstName,
      lastName: first.lastName,
      company: first.company,
      city: first.city,
      region: first.region,
      country: first.country,
      timeZone: first.timeZone,
      email: k < 2 ? first.email : first.email.replace('@', '.work@'),
    };
  });
}
