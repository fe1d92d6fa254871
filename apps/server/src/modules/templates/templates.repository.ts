import { and, asc, eq, sql } from 'drizzle-orm';
import type { EmailTemplate, TemplateKind } from '@beacon/contract';
import type { Executor } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/index.ts';

const columns = {
  id: emailTemplates.id,
  kind: emailTemplates.kind,
  name: emailTemplates.name,
  subject: emailTemplates.subject,
  body: emailTemplates.body,
  createdBy: emailTemplates.createdBy,
  createdAt: emailTemplates.createdAt,
  updatedAt: emailTemplates.updatedAt,
};
type Row = { [K in keyof typeof columns]: (typeof emailTemplates.$inferSelect)[K] };

export const toTemplate = (row: Row): EmailTemplate => ({
  ...row,
  kind: row.kind as TemplateKind,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTemplates(db: Executor, workspaceId: string, kind?: TemplateKind) {
  return db
    .select(columns)
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.workspaceId, workspaceId),
        kind ? eq(emailTemplates.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(emailTemplates.kind), sql`lower(${emailTemplates.name})`, asc(emailTemplates.id));
}

export async function getTemplate(db: Executor, workspaceId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(emailTemplates)
    .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.id, id)))
    .for('update');
  return row;
}

/** Whether another of the same kind already has this name (names compare without case). */
export async function nameTaken(
  db: Executor,
  workspaceId: string,
  kind: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.workspaceId, workspaceId),
        eq(emailTemplates.kind, kind),
        sql`lower(${emailTemplates.name}) = lower(${name})`,
        exceptId ? sql`${emailTemplates.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertTemplate(
  db: Executor,
  values: Omit<typeof emailTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const [row] = await db.insert(emailTemplates).values(values).returning(columns);
  return row!;
}

export async function updateTemplate(
  db: Executor,
  id: string,
  values: Partial<Pick<typeof emailTemplates.$inferInsert, 'name' | 'subject' | 'body'>>,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(emailTemplates.id, id))
    .returning(columns);
  return row!;
}

export async function deleteTemplate(db: Executor, id: string): Promise<void> {
  await db.delete(emailTemplates).where(eq(emailTemplates.id, id));
}
