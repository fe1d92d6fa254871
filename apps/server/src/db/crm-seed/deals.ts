import { and, asc, eq } from 'drizzle-orm';
import type { DealLostReason, DealPersonRole, PersonStage, PipelineStage } from '@beacon/contract';
import type { Executor } from '../client.ts';
import { keyBetween } from '../../lib/positions.ts';
import {
  activities,
  dealPeople,
  deals,
  dealStageChanges,
  pipelines,
  pipelineStages,
} from '../schema/index.ts';
import { createRandom, type SeedCompany, type SeedPerson } from './generate.ts';

const SEED = 20_261_124;
const BATCH = 500;
const DAY = 86_400_000;

/** A typical first-year amount by company size, in euros. */
const SIZE_AMOUNTS: Record<string, number> = {
  '1-10': 3_000,
  '11-50': 9_000,
  '51-200': 24_000,
  '201-500': 48_000,
  '501-1000': 80_000,
  '1001-5000': 140_000,
  '5001+': 260_000,
};
const DEAL_KINDS = ['New business', 'Pilot', 'Expansion', 'Annual plan', 'Team licences'];
/** Standard reasons (contract `dealLostReasons`): every reader sees them in their language. */
export const LOST_REASONS = [
  'competitor',
  'no_budget',
  'no_response',
  'timing',
  'built_in_house',
] as const satisfies readonly DealLostReason[];
const NEXT_STEPS = [
  'Send the proposal',
  'Book a demo with the team',
  'Follow up on pricing questions',
  'Security review call',
  'Agree on the start date',
  '',
];
const SOURCES = ['inbound', 'outbound', 'referral', 'event', 'website'];

/**
 * How far a company's deal went, from its most advanced contact: interested people are in a
 * proposal, negotiation or won; those who replied in qualification or a booked meeting; those
 * who said no lost; cold, unresponsive or do-not-contact companies have no deal.
 */
function targetStage(stage: PersonStage, roll: number): string | null {
  switch (stage) {
    case 'interested':
      return roll < 0.3 ? 'Proposal' : roll < 0.6 ? 'Negotiation' : 'Won';
    case 'replied':
      return roll < 0.55 ? 'Qualification' : 'Meeting booked';
    case 'approaching':
      return roll < 0.35 ? 'Qualification' : null;
    case 'not_interested':
      return 'Lost';
    case 'unresponsive':
      return roll < 0.25 ? 'Lost' : null;
    default:
      return null;
  }
}

const RANK: Record<PersonStage, number> = {
  interested: 6,
  replied: 5,
  not_interested: 4,
  approaching: 3,
  unresponsive: 2,
  cold: 1,
  do_not_contact: 0,
};

/**
 * The demo workspace's deals (issue 9): in the default pipeline, on the demo companies, each at
 * the stage its people's stages say (see `targetStage`), with an amount by company size, a close
 * date, the people on it, and a stage history walked from qualification to where it stands.
 * Deterministic for the given records and `now`.
 */
export async function seedDemoDeals(
  db: Executor,
  input: {
    workspaceId: string;
    ownerIds: string[];
    companies: SeedCompany[];
    companyIds: string[];
    people: SeedPerson[];
    personIds: string[];
    now: Date;
  },
): Promise<{ deals: number }> {
  const random = createRandom(SEED);
  const { workspaceId, now } = input;
  const [pipeline] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, workspaceId), eq(pipelines.isDefault, true)));
  if (!pipeline) return { deals: 0 };
  const stages: PipelineStage[] = await db
    .select({
      id: pipelineStages.id,
      pipelineId: pipelineStages.pipelineId,
      name: pipelineStages.name,
      key: pipelineStages.key,
      position: pipelineStages.position,
      probability: pipelineStages.probability,
      kind: pipelineStages.kind,
      rotDays: pipelineStages.rotDays,
    })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, pipeline.id))
    .orderBy(asc(pipelineStages.position));
  const byName = new Map(stages.map((s) => [s.name, s]));
  const openPath = stages.filter((s) => s.kind === 'open');

  // The people of each company, most advanced first.
  const staff = new Map<number, number[]>();
  input.people.forEach((p, i) => staff.set(p.company, [...(staff.get(p.company) ?? []), i]));
  for (const list of staff.values()) {
    list.sort((a, b) => RANK[input.people[b]!.stage] - RANK[input.people[a]!.stage] || a - b);
  }

  type Row = typeof deals.$inferInsert & { id: string };
  const rows: Row[] = [];
  const links: (typeof dealPeople.$inferInsert)[] = [];
  const history: (typeof dealStageChanges.$inferInsert)[] = [];
  const timeline: (typeof activities.$inferInsert)[] = [];
  const lastKey = new Map<string, string | null>();

  input.companies.forEach((company, c) => {
    const members = staff.get(c) ?? [];
    const lead = members[0];
    if (lead === undefined) return;
    const contact = input.people[lead]!;
    const count = contact.stage === 'interested' && random.chance(0.35) ? 2 : 1;
    for (let k = 0; k < count; k += 1) {
      const name = targetStage(contact.stage, random.next());
      if (!name) continue;
      const stage = byName.get(name)!;
      const id = crypto.randomUUID();
      const ownerIndex = contact.owner ?? company.owner ?? random.int(input.ownerIds.length);
      const ownerId = input.ownerIds[ownerIndex % input.ownerIds.length] ?? null;
      const base = SIZE_AMOUNTS[company.size ?? '11-50'] ?? 9_000;
      const amount = Math.round((base * (0.5 + random.next())) / 100) * 100 * 100;
      // The deal began after the contact did; each step took days to weeks.
      const steps =
        stage.kind === 'open'
          ? openPath.slice(0, openPath.indexOf(stage) + 1)
          : [...openPath.slice(0, 1 + random.int(openPath.length)), stage];
      // A contact made days ago still leaves each step a day before now: no change in the future.
      const start = Math.min(
        Math.max(contact.createdAt.getTime(), now.getTime() - 200 * DAY),
        now.getTime() - (steps.length + 1) * DAY,
      );
      const span = Math.max(now.getTime() - start - DAY, steps.length * DAY);
      const times = steps.map((_, i) => new Date(start + Math.round((span * i) / steps.length)));
      const createdAt = times[0]!;
      const changedAt = times.at(-1)!;
      const closed = stage.kind !== 'open';
      // About one open deal in six has gone quiet past its stage's limit (stale on the board).
      const quiet = !closed && random.chance(0.18);
      const lastActivityAt = closed
        ? changedAt
        : quiet
          ? new Date(now.getTime() - ((stage.rotDays ?? 14) + 3 + random.int(20)) * DAY)
          : new Date(now.getTime() - random.int(6) * DAY - random.int(DAY));
      // About one open deal in seven is expected to close before this month ends (the home
      // page's "closing this month" is never empty on the demo); the others in the months ahead.
      const daysLeftInMonth =
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate() -
        now.getUTCDate();
      const closeDate = closed
        ? changedAt
        : random.chance(0.15)
          ? new Date(now.getTime() + random.int(daysLeftInMonth + 1) * DAY)
          : new Date(now.getTime() + (7 + random.int(100)) * DAY);
      const previous = lastKey.get(stage.id) ?? null;
      const position = keyBetween(previous, null);
      lastKey.set(stage.id, position);
      rows.push({
        id,
        workspaceId,
        name: `${company.name} – ${k === 0 ? random.pick(DEAL_KINDS) : 'Expansion'}`,
        pipelineId: pipeline.id,
        stageId: stage.id,
        status: stage.kind,
        amount,
        currency: 'EUR',
        expectedCloseDate: closeDate.toISOString().slice(0, 10),
        ownerId,
        companyId: input.companyIds[c]!,
        companyName: company.name,
        source: random.pick(SOURCES),
        tags: amount >= 10_000_000 ? ['enterprise'] : [],
        lostReason: stage.kind === 'lost' ? random.pick(LOST_REASONS) : '',
        nextStep: closed ? '' : random.pick(NEXT_STEPS),
        position,
        stageChangedAt: changedAt,
        closedAt: closed ? changedAt : null,
        createdBy: ownerId,
        createdAt,
        updatedAt: lastActivityAt > changedAt ? lastActivityAt : changedAt,
        lastActivityAt: lastActivityAt > changedAt || quiet ? lastActivityAt : changedAt,
      });
      const roles: DealPersonRole[] = ['decision_maker', 'champion', 'influencer'];
      members.slice(0, 1 + random.int(Math.min(3, members.length))).forEach((p, i) => {
        links.push({
          workspaceId,
          dealId: id,
          personId: input.personIds[p]!,
          role: i === 0 && contact.stage === 'interested' ? 'champion' : roles[i]!,
          addedAt: new Date(createdAt.getTime() + i * 1000),
        });
      });
      timeline.push({ workspaceId, dealId: id, kind: 'created', actorId: ownerId, createdAt });
      steps.forEach((s, i) => {
        const from = i === 0 ? null : steps[i - 1]!;
        history.push({
          workspaceId,
          dealId: id,
          fromStageId: from?.id ?? null,
          fromStageName: from?.name ?? null,
          toStageId: s.id,
          toStageName: s.name,
          byId: ownerId,
          at: times[i]!,
        });
        if (from) {
          timeline.push({
            workspaceId,
            dealId: id,
            kind: 'field_changed',
            actorId: ownerId,
            field: 'stage',
            oldValue: from.name,
            newValue: s.name,
            createdAt: times[i]!,
          });
        }
      });
    }
  });

  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(deals).values(rows.slice(i, i + BATCH));
  }
  for (const [table, values] of [
    [dealPeople, links],
    [dealStageChanges, history],
    [activities, timeline],
  ] as const) {
    for (let i = 0; i < values.length; i += BATCH) {
      await db.insert(table).values(values.slice(i, i + BATCH) as never);
    }
  }
  return { deals: rows.length };
}
