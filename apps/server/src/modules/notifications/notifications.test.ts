import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmWorkspace } from '../../../test/crm.ts';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { connectRealtime } from '../../../test/ws-client.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { DUE_TASKS_JOB } from './notifications.job.ts';

// Notifications through real HTTP on a real database, raised by the real background job: a task
// that becomes due raises one notification for its assignee, sent live; members read and mark
// only their own.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Page = {
  items: { id: string; title: string; taskId: string; readAt: string | null }[];
  unread: number;
};

/** Runs the due-tasks job now (as its 30-second chain would) and waits for it to finish. */
async function runDueJob() {
  const id = await enqueueJob(server.database.db, DUE_TASKS_JOB, {});
  for (let i = 0; i < 200; i++) {
    const result = (await server.database.db.execute(
      sql`select status from jobs where id = ${id}`,
    )) as unknown as { rows: { status: string }[] };
    const status = result.rows[0]?.status;
    if (status === 'done' || status === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the due-tasks job did not run');
}

describe('notifications', () => {
  it('asks for sign-in', async () => {
    expect((await fetch(`${server.url}/api/notifications`)).status).toBe(401);
  });

  it('raises one notification when a task becomes due, live, to its assignee only', async () => {
    const w = await crmWorkspace(server);
    const colleague = await addMember(server, w.admin.token, 'viewer');
    const watching = await connectRealtime(server.url, colleague.token);
    // Due in a few seconds: long enough that the two calls below and the first run of the job
    // finish before it on a loaded machine too.
    const soon = new Date(Date.now() + 4000).toISOString();
    const task = await w.ok('POST', '/api/tasks', {
      title: 'Call back',
      dueAt: soon,
      assigneeId: colleague.id,
    });
    const later = await w.ok('POST', '/api/tasks', {
      title: 'Next week',
      dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      assigneeId: colleague.id,
    });
    // Not yet due: nothing.
    await runDueJob();
    let page = (await w.ok('GET', '/api/notifications', undefined, colleague.token)) as Page;
    expect(page.items).toEqual([]);

    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Date.parse(soon) - Date.now() + 100)),
    );
    await runDueJob();
    const live = await watching.next((m) => m.type === 'notification.created');
    expect(live.data).toMatchObject({ userId: colleague.id });
    page = (await w.ok('GET', '/api/notifications', undefined, colleague.token)) as Page;
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'task_due',
      title: 'Call back',
      taskId: task.id,
      at: soon,
      readAt: null,
    });
    expect((live.data as { id: string }).id).toBe(page.items[0]!.id);

    // Once per task.
    await runDueJob();
    expect(
      ((await w.ok('GET', '/api/notifications', undefined, colleague.token)) as Page).items,
    ).toHaveLength(1);
    // Not to the admin, who made it.
    expect(((await w.ok('GET', '/api/notifications')) as Page).items).toEqual([]);

    // Rescheduled into the past by someone else: announced again.
    await w.ok('PATCH', `/api/tasks/${later.id}`, {
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await runDueJob();
    page = (await w.ok('GET', '/api/notifications', undefined, colleague.token)) as Page;
    expect(page.items.map((n) => n.title)).toEqual(['Next week', 'Call back']);
    expect(
      (await w.ok('GET', '/api/notifications/unread', undefined, colleague.token)).unread,
    ).toBe(2);
    watching.close();
  });

  it('does not announce a past due time its own assignee just set, nor finished tasks', async () => {
    const w = await crmWorkspace(server);
    await w.ok('POST', '/api/tasks', {
      title: 'Already late',
      dueAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const finished = await w.ok('POST', '/api/tasks', {
      title: 'Done before due',
      dueAt: new Date(Date.now() + 300).toISOString(),
    });
    await w.ok('PATCH', `/api/tasks/${finished.id}`, { status: 'done' });
    // Rescheduled in bulk into the past: the caller's own task is not announced, a colleague's is.
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const mine = await w.ok('POST', '/api/tasks', { title: 'Mine, moved back' });
    const theirs = await w.ok('POST', '/api/tasks', {
      title: 'Theirs, moved back',
      assigneeId: colleague.id,
    });
    await w.ok('POST', '/api/tasks/bulk', {
      ids: [mine.id, theirs.id],
      action: { type: 'reschedule', dueAt: new Date(Date.now() - 60_000).toISOString() },
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await runDueJob();
    expect(((await w.ok('GET', '/api/notifications')) as Page).items).toEqual([]);
    const theirPage = (await w.ok('GET', '/api/notifications', undefined, colleague.token)) as Page;
    expect(theirPage.items.map((n) => n.title)).toEqual(['Theirs, moved back']);
  });

  it('announces a due task again to a member it is reassigned to, one by one or in bulk', async () => {
    const w = await crmWorkspace(server);
    const first = await addMember(server, w.admin.token, 'contributor');
    const second = await addMember(server, w.admin.token, 'contributor');
    const third = await addMember(server, w.admin.token, 'contributor');
    const due = new Date(Date.now() - 60_000).toISOString();
    const task = await w.ok('POST', '/api/tasks', {
      title: 'Overdue follow-up',
      dueAt: due,
      assigneeId: first.id,
    });
    await runDueJob();
    const unread = async (token: string) =>
      ((await w.ok('GET', '/api/notifications', undefined, token)) as Page).unread;
    expect(await unread(first.token)).toBe(1);

    await w.ok('PATCH', `/api/tasks/${task.id}`, { assigneeId: second.id });
    await runDueJob();
    expect(await unread(second.token)).toBe(1);

    await w.ok('POST', '/api/tasks/bulk', {
      ids: [task.id],
      action: { type: 'reassign', assigneeId: third.id },
    });
    await runDueJob();
    expect(await unread(third.token)).toBe(1);
    // Each was told once.
    expect(await unread(first.token)).toBe(1);
    expect(await unread(second.token)).toBe(1);
  });

  it('refuses a cursor it did not make with 400', async () => {
    const w = await crmWorkspace(server);
    const forged = Buffer.from('1|00000000-0000-4000-8000-000000000000').toString('base64url');
    const response = await w.call('GET', `/api/notifications?cursor=${forged}`);
    expect(response.status).toBe(400);
  });

  it('marks one or all read, only for their owner', async () => {
    const w = await crmWorkspace(server);
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const other = await crmWorkspace(server);
    for (const title of ['One', 'Two', 'Three']) {
      await w.ok('POST', '/api/tasks', {
        title,
        dueAt: new Date(Date.now() - 1000).toISOString(),
        assigneeId: colleague.id,
      });
    }
    await runDueJob();
    const page = (await w.ok(
      'GET',
      '/api/notifications?limit=2',
      undefined,
      colleague.token,
    )) as Page & {
      nextCursor: string;
    };
    expect(page.items).toHaveLength(2);
    const rest = (await w.ok(
      'GET',
      `/api/notifications?limit=2&cursor=${page.nextCursor}`,
      undefined,
      colleague.token,
    )) as Page;
    expect(rest.items).toHaveLength(1);
    const first = page.items[0]!;

    // Not the admin's, nor another workspace's to mark.
    expect((await w.call('POST', `/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await other.call('POST', `/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await w.call('POST', '/api/notifications/nope/read')).status).toBe(400);

    expect(
      (await w.call('POST', `/api/notifications/${first.id}/read`, undefined, colleague.token))
        .status,
    ).toBe(204);
    const unread = (await w.ok(
      'GET',
      '/api/notifications?unread=true',
      undefined,
      colleague.token,
    )) as Page;
    expect(unread.items.map((n) => n.id)).not.toContain(first.id);
    expect(unread.unread).toBe(2);
    expect(
      (await w.call('POST', '/api/notifications/read-all', undefined, colleague.token)).status,
    ).toBe(204);
    expect(
      (await w.ok('GET', '/api/notifications/unread', undefined, colleague.token)).unread,
    ).toBe(0);
  });

  it('keeps one chain of the job queued', async () => {
    const result = (await server.database.db.execute(
      sql`select count(*)::int as n from jobs where kind = ${DUE_TASKS_JOB} and status = 'queued'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(result.rows[0]!.n)).toBe(1);
  });
});
