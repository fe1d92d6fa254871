import type { TaskPriority, TaskStatus, TaskType } from '@beacon/contract';
import type { Executor } from '../client.ts';
import { eq, sql } from 'drizzle-orm';
import { activities, deals, notes, notifications, savedViews, tasks } from '../schema/index.ts';
import { createRandom } from './generate.ts';

const SEED = 20_261_124;
const BATCH = 500;
const DAY = 86_400_000;

/** A demo person a task can be about: their name and their company. */
export type TaskSubject = {
  personId: string;
  firstName: string;
  companyId: string | null;
  company: string;
};

const TEMPLATES: { type: TaskType; title: (s: TaskSubject) => string }[] = [
  { type: 'call', title: (s) => `Call ${s.firstName} about next steps` },
  { type: 'call', title: (s) => `Discovery call with ${s.firstName} (${s.company})` },
  { type: 'email', title: (s) => `Follow up with ${s.firstName} by e-mail` },
  { type: 'email', title: (s) => `Send the proposal to ${s.company}` },
  { type: 'meeting_prep', title: (s) => `Prepare the meeting with ${s.company}` },
  { type: 'todo', title: (s) => `Update ${s.company}'s account notes` },
  { type: 'todo', title: (s) => `Ask ${s.firstName} for an introduction` },
];

/** A working hour (9:00 to 17:30, UTC, on the half hour) of the day `offset` days from now. */
function workingTime(now: Date, offsetDays: number, random: ReturnType<typeof createRandom>) {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(day.getTime() + offsetDays * DAY + (9 + random.int(17) / 2) * 3_600_000);
}

/**
 * The demo workspace's tasks: for every member, some overdue, some due today (before and after
 * the hour), many in the coming three weeks and some already done, about demo people and their
 * companies (and their deals). Past due times count as announced, and each member gets a few unread notifications
 * for the latest of them, so the drawer has something to show. Deterministic for `now`.
 */
export async function seedDemoTasks(
  db: Executor,
  input: {
    workspaceId: string;
    memberIds: string[];
    authorId: string;
    subjects: TaskSubject[];
    now?: Date;
    perMember?: number;
  },
): Promise<number> {
  const now = input.now ?? new Date();
  const random = createRandom(SEED);
  const perMember = input.perMember ?? 40;
  const { workspaceId } = input;
  if (input.subjects.length === 0 || input.memberIds.length === 0) return 0;
  // The demo deals (seeded before): a task about a company with a deal is often about the deal.
  const dealOf = new Map<string, string>();
  for (const deal of await db
    .select({ id: deals.id, companyId: deals.companyId })
    .from(deals)
    .where(eq(deals.workspaceId, workspaceId))) {
    if (deal.companyId && !dealOf.has(deal.companyId)) dealOf.set(deal.companyId, deal.id);
  }
  type Row = typeof tasks.$inferInsert;
  const rows: Row[] = [];
  for (const assigneeId of input.memberIds) {
    for (let i = 0; i < perMember; i++) {
      const subject = random.pick(input.subjects);
      const template = random.pick(TEMPLATES);
      // 20% overdue, 15% today, 40% upcoming, 25% done.
      const slot = i / perMember;
      let status: TaskStatus = 'open';
      let dueAt: Date;
      let completedAt: Date | null = null;
      if (slot < 0.2) dueAt = workingTime(now, -(1 + random.int(10)), random);
      else if (slot < 0.35) dueAt = workingTime(now, 0, random);
      else if (slot < 0.75) dueAt = workingTime(now, 1 + random.int(21), random);
      else {
        dueAt = workingTime(now, -(1 + random.int(20)), random);
        status = random.int(8) === 0 ? 'skipped' : 'done';
        completedAt = new Date(dueAt.getTime() - random.int(4) * 3_600_000);
      }
      const priority: TaskPriority = random.pick(['low', 'normal', 'normal', 'high'] as const);
      const byCompany =
        template.type === 'meeting_prep' || template.title(subject).includes(subject.company);
      rows.push({
        workspaceId,
        title: template.title(subject),
        type: template.type,
        dueAt,
        priority,
        status,
        assigneeId,
        personId: byCompany && random.int(2) === 0 ? null : subject.personId,
        companyId: subject.companyId,
        dealId:
          subject.companyId && random.int(2) === 0 ? (dealOf.get(subject.companyId) ?? null) : null,
        notes: '',
        createdBy: input.authorId,
        completedAt,
        dueNotifiedAt: dueAt <= now ? dueAt : null,
        createdAt: new Date(Math.min(dueAt.getTime(), now.getTime()) - (2 + random.int(10)) * DAY),
        updatedAt: completedAt ?? new Date(Math.min(dueAt.getTime(), now.getTime()) - DAY),
        lastActivityAt: completedAt ?? new Date(Math.min(dueAt.getTime(), now.getTime()) - DAY),
      });
    }
  }
  const inserted: {
    id: string;
    assigneeId: string | null;
    title: string;
    dueAt: Date | null;
    status: TaskStatus;
    createdAt: Date;
    completedAt: Date | null;
  }[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    inserted.push(
      ...(await db
        .insert(tasks)
        .values(rows.slice(i, i + BATCH))
        .returning({
          id: tasks.id,
          assigneeId: tasks.assigneeId,
          title: tasks.title,
          dueAt: tasks.dueAt,
          status: tasks.status,
          createdAt: tasks.createdAt,
          completedAt: tasks.completedAt,
        })),
    );
  }
  // Three unread notifications per member: their latest tasks that came due.
  const raised = input.memberIds.flatMap((userId) =>
    inserted
      .filter((t) => t.assigneeId === userId && t.status === 'open' && t.dueAt && t.dueAt <= now)
      .sort((a, b) => b.dueAt!.getTime() - a.dueAt!.getTime())
      .slice(0, 3)
      .map((t) => ({
        workspaceId,
        userId,
        kind: 'task_due' as const,
        title: t.title,
        taskId: t.id,
        at: t.dueAt,
        createdAt: t.dueAt!,
      })),
  );
  if (raised.length > 0) await db.insert(notifications).values(raised);
  await seedTaskTimelines(db, workspaceId, input.authorId, inserted, random);
  return inserted.length;
}

const TASK_NOTES = [
  'Left a voicemail; they said to try again after 3 pm.',
  'Sent the **pricing sheet** beforehand so the call can go straight to questions.',
  'They asked for the security questionnaire:\n\n- SSO\n- data residency',
  'Moved twice already: confirm the slot the day before.',
];

/**
 * Each demo task's timeline (docs/decisions/044): its creation, its completion for the finished
 * ones, a note on every eighth open one; and two saved views of tasks shared with the workspace.
 */
async function seedTaskTimelines(
  db: Executor,
  workspaceId: string,
  authorId: string,
  inserted: { id: string; status: TaskStatus; createdAt: Date; completedAt: Date | null }[],
  random: ReturnType<typeof createRandom>,
): Promise<void> {
  for (let i = 0; i < inserted.length; i += BATCH) {
    const batch = inserted.slice(i, i + BATCH);
    await db.insert(activities).values([
      ...batch.map((t) => ({
        workspaceId,
        taskId: t.id,
        kind: 'created' as const,
        actorId: authorId,
        createdAt: t.createdAt,
      })),
      ...batch
        .filter((t) => t.completedAt)
        .map((t) => ({
          workspaceId,
          taskId: t.id,
          kind: 'field_changed' as const,
          actorId: authorId,
          field: 'status',
          oldValue: 'open',
          newValue: t.status,
          createdAt: t.completedAt!,
        })),
    ]);
  }
  const noted = inserted.filter((t, i) => t.status === 'open' && i % 8 === 0);
  if (noted.length > 0) {
    const rows = await db
      .insert(notes)
      .values(
        noted.map((t) => ({
          workspaceId,
          taskId: t.id,
          body: random.pick(TASK_NOTES),
          authorId,
          createdAt: new Date(t.createdAt.getTime() + 3_600_000),
          updatedAt: new Date(t.createdAt.getTime() + 3_600_000),
        })),
      )
      .returning({ id: notes.id, taskId: notes.taskId, at: notes.createdAt });
    await db.insert(activities).values(
      rows.map((n) => ({
        workspaceId,
        taskId: n.taskId,
        kind: 'note_added' as const,
        actorId: authorId,
        noteId: n.id,
        createdAt: n.at,
      })),
    );
    await db.execute(
      sql`update tasks set last_activity_at = greatest(last_activity_at, created_at + interval '1 hour')
          where workspace_id = ${workspaceId} and id in (select task_id from notes where task_id is not null)`,
    );
  }
  await db.insert(savedViews).values([
    {
      workspaceId,
      ownerId: authorId,
      entity: 'tasks' as const,
      name: 'High-priority calls',
      shared: true,
      filters: [
        { field: 'type', op: 'equals' as const, value: 'call' },
        { field: 'priority', op: 'equals' as const, value: 'high' },
      ],
      sort: 'dueAt',
    },
    {
      workspaceId,
      ownerId: authorId,
      entity: 'tasks' as const,
      name: 'Deal follow-ups',
      shared: true,
      filters: [{ field: 'dealId', op: 'not_empty' as const }],
      sort: '-priority',
    },
  ]);
}
