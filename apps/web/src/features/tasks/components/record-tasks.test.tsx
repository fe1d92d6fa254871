import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Task } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { RecordTasks } from './record-tasks.tsx';
import { renderWithStore } from '../../../test/render.tsx';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PERSON = '7d0c2b7e-3f64-4d0a-9a63-2a1f4c9b8e11';

function task(overrides: Partial<Task>): Task {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Call Grace',
    type: 'call',
    dueAt: '2026-11-24T09:00:00.000Z',
    priority: 'normal',
    status: 'open',
    assigneeId: 'user-1',
    personId: PERSON,
    companyId: null,
    dealId: null,
    notes: '',
    createdBy: 'user-1',
    completedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    dueState: 'overdue',
    timeZone: 'UTC',
    personName: 'Grace Hopper',
    companyName: '',
    ...overrides,
  };
}

async function renderTasks(canEdit: boolean, zones: { userId: string; timeZone: string }[] = []) {
  const open = task({});
  const api = stubApi({
    'GET /api/tasks/time-zones': json(200, { items: zones }),
    'GET /api/tasks': (_init, url) => {
      const status = new URL(url, 'http://x').searchParams.get('status');
      return json(200, { items: status === 'open' ? [open] : [], nextCursor: null });
    },
    'GET /api/members': json(200, []),
    'POST /api/tasks': (init) =>
      json(
        201,
        task({ id: '00000000-0000-4000-8000-0000000000a2', ...JSON.parse(String(init.body)) }),
      ),
    [`PATCH /api/tasks/${open.id}`]: json(200, task({ status: 'done', dueState: 'closed' })),
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <RecordTasks subject="person" id={PERSON} canEdit={canEdit} currentUserId="user-1" />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { api, open };
}

describe('RecordTasks', () => {
  it("lists the record's open tasks and adds one about the record", async () => {
    const { api } = await renderTasks(true);
    expect(await screen.findByRole('button', { name: 'Call Grace' })).toBeTruthy();
    const listCall = api.mock.calls.find(([url]) => String(url).includes('status=open'));
    expect(new URL(String(listCall?.[0]), 'http://x').searchParams.get('person')).toBe(PERSON);

    fireEvent.change(screen.getByRole('textbox', { name: 'New task' }), {
      target: { value: '  Send the deck ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      title: 'Send the deck',
      type: 'todo',
      dueAt: null,
      personId: PERSON,
    });
  });

  it('refuses an empty title without calling the server', async () => {
    const { api } = await renderTasks(true);
    await screen.findByRole('button', { name: 'Call Grace' });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('completes a task from its checkbox', async () => {
    const { api, open } = await renderTasks(true);
    const box = (await screen.findByRole('checkbox', {
      name: 'Complete Call Grace',
    })) as HTMLInputElement;
    fireEvent.click(box);
    // Checked at once, before the server answers.
    expect(box.checked).toBe(true);
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const patch = api.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(String(patch[0])).toContain(`/api/tasks/${open.id}`);
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ status: 'done' });
  });

  it('lets a viewer read, with no form and no checkbox to press', async () => {
    await renderTasks(false);
    expect(await screen.findByText('Call Grace')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'New task' })).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Complete Call Grace' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it("enters a new task's due time on the caller's clock, naming the zone", async () => {
    // The caller counts their days in Tokyo; the device's zone (the test's) is another.
    const { api } = await renderTasks(true, [{ userId: 'user-1', timeZone: 'Asia/Tokyo' }]);
    await screen.findByRole('button', { name: 'Call Grace' });
    expect(await screen.findByText('On Tokyo time (the assignee’s)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'New task' }), {
      target: { value: 'Call back' },
    });
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: '2026-11-25T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    // 9:00 in Tokyo is midnight UTC.
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      title: 'Call back',
      dueAt: '2026-11-25T00:00:00.000Z',
    });
  });

  it("reads the record's tasks again when any member changes tasks, live", async () => {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
    });
    const { api } = await renderTasks(true);
    await screen.findByRole('button', { name: 'Call Grace' });
    const lists = () =>
      api.mock.calls.filter(
        ([url, init]) =>
          new URL(String(url), 'http://x').pathname === '/api/tasks' &&
          (init?.method ?? 'GET') === 'GET',
      ).length;
    await waitFor(() => expect(subscribers.length).toBeGreaterThanOrEqual(2));
    expect(subscribers.every((s) => s.types.includes('tasks.changed'))).toBe(true);
    const before = lists();
    for (const subscriber of [...subscribers]) {
      subscriber.onMessage({ type: 'tasks.changed', data: { ids: [], by: 'user-2' } });
    }
    // The open and the done lists both read again.
    await waitFor(() => expect(lists()).toBeGreaterThanOrEqual(before + 2));
  });
});
