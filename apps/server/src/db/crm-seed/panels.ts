import { eq, sql } from 'drizzle-orm';
import type { AuditKind } from '@beacon/contract';
import type { Executor } from '../client.ts';
import { auditLog, emailTemplates, workspaces } from '../schema/index.ts';

const DAY = 86_400_000;

/** The demo's e-mail templates and snippets (contributor panel). */
export const demoTemplates = [
  {
    kind: 'template',
    name: 'First touch',
    subject: 'Quick question, {{firstName}}',
    body: 'Hi {{firstName}},\n\nI noticed {{companyName}} is growing its sales team. Would a 20-minute call next week make sense?\n\nBest,\n{{senderFirstName}}',
  },
  {
    kind: 'template',
    name: 'Follow-up after demo',
    subject: 'Thanks for your time, {{firstName}}',
    body: 'Hi {{firstName}},\n\nThank you for the demo today. As promised, here is a summary of what we covered for {{companyName}}.\n\n{{senderFirstName}} {{senderLastName}}',
  },
  {
    kind: 'template',
    name: 'Renewal reminder',
    subject: 'Your {{workspaceName}} renewal',
    body: 'Hello {{fullName}},\n\nYour subscription renews at the end of the month. Reply to this e-mail if anything should change.\n\n{{senderFirstName}}',
  },
  {
    kind: 'template',
    name: 'Meeting request',
    subject: 'Time to talk?',
    body: 'Hi {{firstName}},\n\nCould we find 30 minutes this week? You can reach me at {{senderEmail}}.\n\nThanks,\n{{senderFirstName}}',
  },
  {
    kind: 'snippet',
    name: 'Sign-off',
    subject: '',
    body: 'Best regards,\n{{senderFirstName}} {{senderLastName}}',
  },
  {
    kind: 'snippet',
    name: 'Calendar link',
    subject: '',
    body: 'Pick any time that suits you: reply with two slots and I will send an invitation.',
  },
  {
    kind: 'snippet',
    name: 'Pricing note',
    subject: '',
    body: 'Prices are per seat and month, billed yearly; volume discounts start at 25 seats.',
  },
] as const;

/**
 * The demo workspace's panels: its settings (time zone), templates and snippets, and an audit log
 * with a month of history by its members. Added when the workspace has no templates yet.
 */
export async function seedDemoPanels(
  db: Executor,
  input: { workspaceId: string; members: { id: string; role: string }[]; now?: Date },
): Promise<void> {
  const { workspaceId, members } = input;
  const now = (input.now ?? new Date()).getTime();
  const admin = members.find((m) => m.role === 'admin') ?? members[0];
  if (!admin) return;
  await db
    .update(workspaces)
    .set({ timeZone: 'Europe/Paris', defaultCurrency: 'EUR' })
    .where(eq(workspaces.id, workspaceId));
  await db.insert(emailTemplates).values(
    demoTemplates.map((t, i) => ({
      workspaceId,
      ...t,
      createdBy: members[i % members.length]!.id,
      createdAt: new Date(now - (40 - i) * DAY),
      updatedAt: new Date(now - (20 - i) * DAY),
    })),
  );

  const events: {
    kind: AuditKind;
    actor: number | null;
    subject: string | null;
    detail: Record<string, unknown>;
  }[] = [];
  const memberAt = (i: number) => i % members.length;
  for (let day = 30; day >= 1; day -= 1) {
    events.push({ kind: 'auth.sign_in', actor: memberAt(day), subject: null, detail: {} });
    if (day % 4 === 0) {
      events.push({
        kind: 'auth.sign_in_failed',
        actor: null,
        subject: 'email:unknown@example.com',
        detail: { reason: 'invalid_credentials' },
      });
    }
    if (day % 5 === 0) {
      const entity = ['people', 'companies', 'deals'][day % 3]!;
      events.push({
        kind: 'records.exported',
        actor: memberAt(day + 1),
        subject: entity,
        detail: { entity, columns: ['name', 'email', 'owner'] },
      });
    }
    if (day % 7 === 0) {
      events.push({
        kind: 'records.deleted',
        actor: memberAt(day + 2),
        subject: 'people',
        detail: { entity: 'people', count: 1 + (day % 3), bulk: day % 3 !== 0 },
      });
    }
  }
  events.push({
    kind: 'workspace.settings_changed',
    actor: members.indexOf(admin),
    subject: 'workspace',
    detail: { changes: { timeZone: { from: 'UTC', to: 'Europe/Paris' } } },
  });
  await db.insert(auditLog).values(
    events.map((event, i) => ({
      workspaceId,
      actorId: event.actor === null ? null : members[event.actor]!.id,
      kind: event.kind,
      subject: event.subject,
      detail: event.detail,
      ip: `192.0.2.${10 + (i % 40)}`,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      // Spread over the month, oldest first, the last one a little before now.
      createdAt: new Date(now - ((events.length - i) * (30 * DAY)) / events.length),
    })),
  );
}

/** Whether the workspace has no templates yet (the demo's panels are not seeded). */
export async function panelsEmpty(db: Executor, workspaceId: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select not exists (select 1 from email_templates where workspace_id = ${workspaceId}) as empty`,
  )) as unknown as { rows: { empty: boolean }[] };
  return result.rows[0]?.empty === true;
}
