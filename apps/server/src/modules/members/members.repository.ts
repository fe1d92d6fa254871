import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  Member,
  MemberActivity,
  MemberDirectoryQuery,
  MemberImageKind,
  MemberProfile,
  RecordVisibility,
  Role,
} from '@beacon/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AreaFileRow } from '../../lib/area-files.ts';
import {
  activities,
  companies,
  deals,
  memberImages,
  people,
  tasks,
  users,
} from '../../db/schema/index.ts';

export async function listMembers(db: Database, workspaceId: string): Promise<Member[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.status, 'active')))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** The ids among `ids` that are not active members of the workspace. */
export async function nonMembers(
  db: Pick<Database, 'select'>,
  workspaceId: string,
  ids: string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.workspaceId, workspaceId),
        eq(users.status, 'active'),
        inArray(users.id, unique),
      ),
    );
  const known = new Set(found.map((r) => r.id));
  return unique.filter((id) => !known.has(id));
}

const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  recordVisibility: users.recordVisibility,
  title: users.title,
  about: users.about,
  timeZone: users.timeZone,
  avatarUpdatedAt: users.avatarUpdatedAt,
  coverUpdatedAt: users.coverUpdatedAt,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
};

type ProfileRow = {
  [K in keyof typeof profileColumns]: (typeof profileColumns)[K]['_']['data'] | null;
} & {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: 'active' | 'disabled';
  recordVisibility: RecordVisibility;
  createdAt: Date;
};

const imageUrl = (id: string, kind: MemberImageKind, at: Date | null) =>
  at ? `/api/members/${id}/${kind}?v=${at.getTime()}` : null;

export function toProfile(row: ProfileRow): MemberProfile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.status,
    recordVisibility: row.recordVisibility,
    title: row.title,
    about: row.about,
    timeZone: row.timeZone,
    avatarUrl: imageUrl(row.id, 'avatar', row.avatarUpdatedAt),
    coverUrl: imageUrl(row.id, 'cover', row.coverUpdatedAt),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function directory(
  db: Executor,
  workspaceId: string,
  query: MemberDirectoryQuery,
): Promise<MemberProfile[]> {
  const where: SQL[] = [eq(users.workspaceId, workspaceId)];
  if (query.role) where.push(eq(users.role, query.role));
  if (query.status) where.push(eq(users.status, query.status));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  const rows = await db
    .select(profileColumns)
    .from(users)
    .where(and(...where))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(2000);
  return rows.map((row) => toProfile(row as ProfileRow));
}

/** One member of the workspace; `lock` takes the row for update. */
export async function getProfile(
  db: Executor,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<MemberProfile | undefined> {
  const query = db
    .select(profileColumns)
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toProfile(row as ProfileRow) : undefined;
}

export async function updateMember(
  db: Executor,
  workspaceId: string,
  id: string,
  values: Partial<{
    role: Role;
    status: 'active' | 'disabled';
    recordVisibility: RecordVisibility;
    firstName: string;
    lastName: string;
    title: string | null;
    about: string | null;
    avatarUpdatedAt: Date | null;
    coverUpdatedAt: Date | null;
  }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.workspaceId, workspaceId), eq(users.id, id)));
}

/** Locks the workspace's admins and answers how many are active (the last admin's guard). */
export async function lockActiveAdmins(db: Executor, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.workspaceId, workspaceId), eq(users.role, 'admin'), eq(users.status, 'active')),
    )
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function membersIn(
  db: Executor,
  workspaceId: string,
  ids: string[],
): Promise<{ id: string; role: Role; status: 'active' | 'disabled' }[]> {
  return db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), inArray(users.id, ids)))
    .orderBy(asc(users.id))
    .for('update');
}

export async function setRoles(
  db: Executor,
  workspaceId: string,
  ids: string[],
  role: Role,
): Promise<string[]> {
  const rows = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(and(eq(users.workspaceId, workspaceId), inArray(users.id, ids), ne(users.role, role)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/**
 * Hands every record `fromId` owns (people, companies, deals) and every task assigned to them to
 * `toId`; answers how many of each moved.
 */
export async function transferRecords(
  db: Executor,
  workspaceId: string,
  fromId: string,
  toId: string,
): Promise<Record<'people' | 'companies' | 'deals' | 'tasks', number>> {
  const moved = async (count: Promise<{ id: string }[]>) => (await count).length;
  return {
    people: await moved(
      db
        .update(people)
        .set({ ownerId: toId })
        .where(and(eq(people.workspaceId, workspaceId), eq(people.ownerId, fromId)))
        .returning({ id: people.id }),
    ),
    companies: await moved(
      db
        .update(companies)
        .set({ ownerId: toId })
        .where(and(eq(companies.workspaceId, workspaceId), eq(companies.ownerId, fromId)))
        .returning({ id: companies.id }),
    ),
    deals: await moved(
      db
        .update(deals)
        .set({ ownerId: toId })
        .where(and(eq(deals.workspaceId, workspaceId), eq(deals.ownerId, fromId)))
        .returning({ id: deals.id }),
    ),
    tasks: await moved(
      db
        .update(tasks)
        .set({ assigneeId: toId })
        .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.assigneeId, fromId)))
        .returning({ id: tasks.id }),
    ),
  };
}

export async function deleteMember(db: Executor, workspaceId: string, id: string): Promise<void> {
  await db.delete(users).where(and(eq(users.workspaceId, workspaceId), eq(users.id, id)));
}

export async function putImage(
  db: Executor,
  values: {
    userId: string;
    workspaceId: string;
    kind: MemberImageKind;
    mimeType: string;
    storedFileId: string;
  },
): Promise<void> {
  await db
    .insert(memberImages)
    .values({ ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [memberImages.userId, memberImages.kind],
      set: {
        mimeType: values.mimeType,
        storedFileId: values.storedFileId,
        legacyContent: null,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteImage(
  db: Executor,
  userId: string,
  kind: MemberImageKind,
): Promise<void> {
  await db
    .delete(memberImages)
    .where(and(eq(memberImages.userId, userId), eq(memberImages.kind, kind)));
}

export async function getImage(
  db: Executor,
  workspaceId: string,
  userId: string,
  kind: MemberImageKind,
): Promise<AreaFileRow | undefined> {
  const [row] = await db
    .select({
      mimeType: memberImages.mimeType,
      name: memberImages.kind,
      storedFileId: memberImages.storedFileId,
      legacyContent: memberImages.legacyContent,
    })
    .from(memberImages)
    .where(
      and(
        eq(memberImages.workspaceId, workspaceId),
        eq(memberImages.userId, userId),
        eq(memberImages.kind, kind),
      ),
    );
  return row;
}

/**
 * A member's latest entries on the timeline of people, companies and deals; `scope` (the
 * caller's record visibility) keeps out the records the caller may not see.
 */
export async function recentActivity(
  db: Executor,
  workspaceId: string,
  actorId: string,
  ownerScope: string | null,
): Promise<MemberActivity[]> {
  const visible = (ownerColumn: SQL) =>
    ownerScope === null ? sql`true` : sql`${ownerColumn} = ${ownerScope}::uuid`;
  const rows = await db
    .select({
      id: activities.id,
      kind: activities.kind,
      field: activities.field,
      personId: activities.personId,
      companyId: activities.companyId,
      dealId: activities.dealId,
      personName: sql<string | null>`${people.firstName} || ' ' || ${people.lastName}`,
      companyName: companies.name,
      dealName: deals.name,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .leftJoin(people, eq(people.id, activities.personId))
    .leftJoin(companies, eq(companies.id, activities.companyId))
    .leftJoin(deals, eq(deals.id, activities.dealId))
    .where(
      and(
        eq(activities.workspaceId, workspaceId),
        eq(activities.actorId, actorId),
        or(
          and(sql`${people.id} is not null`, visible(sql`${people.ownerId}`)),
          and(sql`${companies.id} is not null`, visible(sql`${companies.ownerId}`)),
          and(sql`${deals.id} is not null`, visible(sql`${deals.ownerId}`)),
        ),
      ),
    )
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(20);
  return rows.map((row) => {
    const [subjectType, subjectId, subjectName] = row.personId
      ? (['person', row.personId, row.personName] as const)
      : row.companyId
        ? (['company', row.companyId, row.companyName] as const)
        : (['deal', row.dealId!, row.dealName] as const);
    return {
      id: row.id,
      kind: row.kind,
      field: row.field,
      subjectType,
      subjectId,
      subjectName: subjectName ?? '',
      createdAt: row.createdAt.toISOString(),
    };
  });
}
