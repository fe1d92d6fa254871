import type { TaskPriority, TaskStatus, TaskType } from '@beacon/contract';
import type { Executor } from '../client.ts';
import { eq } from 'drizzle-orm';
import { deals, notifications, tasks } from '../schema/index.ts';
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
      });
    }
  }
  const inserted: {
    id: string;
    assigneeId: string | null;
    title: string;
    dueAt: Date | null;
    status: TaskStatus;
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
  return inserted.length;
}
