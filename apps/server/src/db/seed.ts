import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@beacon/contract';
import { hashPassword } from '../lib/passwords.ts';
import { normalisePhone } from '../modules/account/account.service.ts';
import { createWorkspace, insertUser } from '../modules/auth/auth.repository.ts';
import type { Database } from './client.ts';
import { seedDemoBoardAndCalendar } from './crm-seed/board-and-calendar.ts';
import { seedDemoChat } from './crm-seed/chat.ts';
import { seedDemoCrm } from './crm-seed/demo.ts';
import { seedDemoTeam } from './crm-seed/team.ts';
import { panelsEmpty, seedDemoPanels } from './crm-seed/panels.ts';
import { users, workspaces } from './schema/index.ts';
import { seedDemoAttachments } from './crm-seed/attachments.ts';
import { seedDemoFiles } from './crm-seed/files.ts';
import type { Storage } from '../lib/storage/index.ts';

/** The demo account the README and the sign-in page show. */
export const DEMO_EMAIL = 'demo@beacon.local';
export const DEMO_PASSWORD = 'beacon-demo';
const DEMO_KEY = 'demo';

const members: { email: string; firstName: string; lastName: string; role: Role }[] = [
  { email: DEMO_EMAIL, firstName: 'Ava', lastName: 'Martin', role: 'admin' },
  { email: 'leo.dubois@beacon.local', firstName: 'Léo', lastName: 'Dubois', role: 'contributor' },
  { email: 'mai.nguyen@beacon.local', firstName: 'Mai', lastName: 'Nguyen', role: 'contributor' },
  { email: 'omar.haddad@beacon.local', firstName: 'Omar', lastName: 'Haddad', role: 'viewer' },
];

/**
 * Creates the demo workspace once: a restart finds it by its key and leaves it as its users
 * left it. Later areas add their records here. The CRM records (people, companies, lists) are
 * added when the demo workspace has none of them, which also fills a demo workspace created
 * before they existed.
 */
export async function seedDemo(
  db: Database,
  storage?: Storage,
): Promise<{ email: string; password: string }> {
  const [existing] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.demoKey, DEMO_KEY));
  let workspaceId = existing?.id;
  if (!workspaceId) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    workspaceId = await db.transaction(async (tx) => {
      const workspace = await createWorkspace(tx, { name: 'Northwind Sales', demoKey: DEMO_KEY });
      for (const member of members) {
        await insertUser(tx, {
          ...member,
          workspaceId: workspace.id,
          passwordHash,
          emailVerifiedAt: new Date(),
        });
      }
      return workspace.id;
    });
  }
  await seedDemoRecords(db, workspaceId);
  await seedDemoBoard(db, workspaceId);
  await seedDemoTeam(db, workspaceId);
  await seedDemoChatOnce(db, workspaceId);
  await seedPanels(db, workspaceId);
  await seedDemoAccounts(db, workspaceId);
  // The board's and the chat's attachments (issue 11), stored through the storage.
  if (storage) await seedDemoAttachments(db, storage, workspaceId);
  // The files manager's folders and files (issue 11), stored through the storage.
  if (storage) await seedDemoFiles(db, storage, workspaceId);
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

/**
 * The demo team's account details (issue 10): phones, time zones, e-mail signatures and the
 * demo admin's notification choices, filled where a member has none yet.
 */
async function seedDemoAccounts(db: Database, workspaceId: string): Promise<void> {
  const details = [
    ['+33 6 12 34 56 78', 'Europe/Paris'],
    ['+44 20 7946 0958', 'Europe/London'],
    ['+1 415 555 0132', 'America/Los_Angeles'],
    ['+84 28 3822 1234', 'Asia/Ho_Chi_Minh'],
    ['+249 912 345 678', 'Africa/Khartoum'],
  ] as const;
  await db.transaction(async (tx) => {
    const rows = rowsOf<{ id: string; first_name: string; last_name: string; email: string }>(
      await tx.execute(sql`
        select id, first_name, last_name, email from users
        where workspace_id = ${workspaceId} and phone is null
        order by email = ${DEMO_EMAIL} desc, email`),
    );
    for (const [index, user] of rows.entries()) {
      const [phone, timeZone] = details[index % details.length]!;
      await tx.execute(sql`
        update users set
          phone = ${normalisePhone(phone)},
          time_zone = coalesce(time_zone, ${timeZone}),
          email_signature = ${`${user.first_name} ${user.last_name}\nNorthwind Sales\n${phone}`}
        where id = ${user.id}`);
      await tx.execute(sql`
        insert into notification_preferences (workspace_id, user_id, kind, in_app, email)
        values (${workspaceId}, ${user.id}, 'task_due', true, ${user.email === DEMO_EMAIL})
        on conflict do nothing`);
    }
  });
}

async function seedDemoRecords(db: Database, workspaceId: string): Promise<void> {
  const isEmpty = async (executor: Pick<Database, 'execute'>) =>
    rowsOf<{ empty: boolean }>(
      await executor.execute(sql`
        select not exists (select 1 from people where workspace_id = ${workspaceId})
           and not exists (select 1 from companies where workspace_id = ${workspaceId})
           and not exists (select 1 from record_lists where workspace_id = ${workspaceId}) as empty`),
    )[0]?.empty === true;
  if (!(await isEmpty(db))) return;
  const writers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), inArray(users.role, ['admin', 'contributor'])))
    .orderBy(users.email);
  if (writers.length === 0) return;
  const admin = writers.find((w) => w.email === DEMO_EMAIL) ?? writers[0]!;
  await db.transaction(async (tx) => {
    // Two processes starting at once on one PostgreSQL: the second waits, then finds records.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('beacon:demo-crm-seed'))`);
    if (!(await isEmpty(tx))) return;
    await seedDemoCrm(tx, {
      workspaceId,
      ownerIds: writers.map((w) => w.id),
      authorId: admin.id,
    });
  });
  // Planner statistics for the rows just added: the embedded database runs no autovacuum, and
  // without them the first page of people is a sort of the whole workspace, not an index scan.
  await db.execute(sql`analyze people, companies`);
}

/**
 * The demo board and calendar, added when the demo workspace has neither columns nor events
 * (which also fills a demo workspace created before they were seeded). They name the CRM records.
 */
async function seedDemoBoard(db: Database, workspaceId: string): Promise<void> {
  const isEmpty = async (executor: Pick<Database, 'execute'>) =>
    rowsOf<{ empty: boolean }>(
      await executor.execute(sql`
        select not exists (select 1 from kanban_columns where workspace_id = ${workspaceId})
           and not exists (select 1 from calendar_events where workspace_id = ${workspaceId}) as empty`),
    )[0]?.empty === true;
  if (!(await isEmpty(db))) return;
  const members = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), inArray(users.role, ['admin', 'contributor'])))
    .orderBy(users.email);
  // The demo account first: it creates the all-day events.
  members.sort((a, b) => Number(b.email === DEMO_EMAIL) - Number(a.email === DEMO_EMAIL));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('beacon:demo-board-seed'))`);
    if (!(await isEmpty(tx))) return;
    await seedDemoBoardAndCalendar(tx, { workspaceId, members });
  });
}

/**
 * The demo team's conversations, added when the demo workspace has none (which also fills a demo
 * workspace created before the chat existed).
 */
async function seedDemoChatOnce(db: Database, workspaceId: string): Promise<void> {
  const isEmpty = async (executor: Pick<Database, 'execute'>) =>
    rowsOf<{ empty: boolean }>(
      await executor.execute(sql`
        select not exists (select 1 from chat_conversations where workspace_id = ${workspaceId}) as empty`),
    )[0]?.empty === true;
  if (!(await isEmpty(db))) return;
  const team = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.status, 'active')))
    .orderBy(users.email);
  // The demo account first: the conversations are seen from its side.
  team.sort((a, b) => Number(b.email === DEMO_EMAIL) - Number(a.email === DEMO_EMAIL));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('beacon:demo-chat-seed'))`);
    if (!(await isEmpty(tx))) return;
    await seedDemoChat(tx, { workspaceId, members: team });
  });
}

/** Both drivers answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The demo's workspace settings, templates and snippets and audit history (issue 10's panels). */
async function seedPanels(db: Database, workspaceId: string): Promise<void> {
  if (!(await panelsEmpty(db, workspaceId))) return;
  const members = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.workspaceId, workspaceId))
    .orderBy(users.email);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('beacon:demo-panels-seed'))`);
    if (!(await panelsEmpty(tx, workspaceId))) return;
    await seedDemoPanels(tx, { workspaceId, members });
  });
}
