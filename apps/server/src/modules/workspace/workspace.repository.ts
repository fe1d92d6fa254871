import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { workspaceLogos, workspaces } from '../../db/schema/index.ts';
import type { StoredFile } from '../../lib/storage/index.ts';

export type WorkspaceRow = {
  id: string;
  name: string;
  defaultCurrency: string;
  timeZone: string;
  emailTracking: boolean;
  updatedAt: Date;
  logoUpdatedAt: Date | null;
};

export async function getWorkspace(db: Executor, workspaceId: string): Promise<WorkspaceRow> {
  const [row] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      defaultCurrency: workspaces.defaultCurrency,
      timeZone: workspaces.timeZone,
      emailTracking: workspaces.emailTracking,
      updatedAt: workspaces.updatedAt,
      logoUpdatedAt: workspaceLogos.updatedAt,
    })
    .from(workspaces)
    .leftJoin(workspaceLogos, eq(workspaceLogos.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId));
  return row!;
}

/** The workspace row locked for a change (settings changes of two admins land one after the other). */
export async function lockWorkspace(db: Executor, workspaceId: string) {
  const [row] = await db
    .select({
      name: workspaces.name,
      defaultCurrency: workspaces.defaultCurrency,
      timeZone: workspaces.timeZone,
      emailTracking: workspaces.emailTracking,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return row!;
}

export async function updateWorkspace(
  db: Executor,
  workspaceId: string,
  values: Partial<
    Pick<typeof workspaces.$inferInsert, 'name' | 'defaultCurrency' | 'timeZone' | 'emailTracking'>
  >,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId));
}

export async function putLogo(db: Executor, workspaceId: string, logo: StoredFile): Promise<void> {
  const values = {
    mimeType: logo.contentType,
    size: logo.size,
    storedFileId: logo.id,
    legacyContent: null,
  };
  await db
    .insert(workspaceLogos)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({
      target: workspaceLogos.workspaceId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function deleteLogo(db: Executor, workspaceId: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceLogos)
    .where(eq(workspaceLogos.workspaceId, workspaceId))
    .returning({ id: workspaceLogos.workspaceId });
  return rows.length > 0;
}

export async function getLogo(db: Executor, workspaceId: string) {
  const [row] = await db
    .select({
      mimeType: workspaceLogos.mimeType,
      name: sql<string>`'logo'`,
      storedFileId: workspaceLogos.storedFileId,
      legacyContent: workspaceLogos.legacyContent,
    })
    .from(workspaceLogos)
    .where(eq(workspaceLogos.workspaceId, workspaceId));
  return row;
}
