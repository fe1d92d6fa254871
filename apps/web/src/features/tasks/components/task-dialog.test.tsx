import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Member, Task } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { TaskDialog } from './task-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const TASK_ID = '00000000-0000-4000-8000-0000000000b1';
const members: Member[] = [
  { id: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'admin' },
  {
    id: 'user-2',
    email: 'ken@example.com',
    firstName: 'Ken',
    lastName: 'Sato',
    role: 'contributor',
  },
];
const zones = [
  { userId: 'user-1', timeZone: 'Europe/Paris' },
  { userId: 'user-2', timeZone: 'Asia/Tokyo' },
];

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: TASK_ID,
    title: 'Send the contract',
    type: 'email',
    // 9:00 in Tokyo.
    dueAt: '2026-11-25T00:00:00.000Z',
    priority: 'normal',
    status: 'open',
    assigneeId: 'user-2',
    personId: null,
    companyId: null,
    dealId: null,
    notes: '',
    createdBy: 'user-1',
    completedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    dueState: 'upcoming',
    timeZone: 'Asia/Tokyo',
    personName: '',
    companyName: '',
    ...overrides,
  };
}

async function renderDialog(editing: Task | null, patch?: () => Response) {
  const api = stubApi({
    'GET /api/tasks/time-zones': json(200, { items: zones }),
    [`PATCH /api/tasks/${TASK_ID}`]:
      patch ?? ((init) => json(200, task(JSON.parse(String(init.body))))),
    'POST /api/tasks': (init) => json(201, task(JSON.parse(String(init.body)))),
  });
  const i18n = await initTestI18n('en');
  const onClose = vi.fn();
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <TaskDialog
            open
            task={editing}
            members={members}
            currentUserId="user-1"
            onClose={onClose}
          />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { api, onClose };
}

const sent = (api: ReturnType<typeof stubApi>, method: string) => {
  const found = api.mock.calls.find(([, init]) => init?.method === method);
  return found ? (JSON.parse(String(found[1]!.body)) as Record<string, unknown>) : null;
};

describe('TaskDialog', () => {
  it("shows and keeps a task's due time on its assignee's clock", async () => {
    const { api, onClose } = await renderDialog(task());
    const due = (await screen.findByLabelText('Due')) as HTMLInputElement;
    expect(due.value).toBe('2026-11-25T09:00');
    expect(await screen.findByText('On Tokyo time (the assignee’s)')).toBeTruthy();
    fireEvent.change(due, { target: { value: '2026-11-25T10:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // 10:30 in Tokyo is 1:30 UTC.
    expect(sent(api, 'PATCH')).toMatchObject({ dueAt: '2026-11-25T01:30:00.000Z' });
  });

  it('moves the shown due time to a new assignee’s clock, keeping the instant', async () => {
    const { api, onClose } = await renderDialog(task());
    const due = (await screen.findByLabelText('Due')) as HTMLInputElement;
    await waitFor(() => expect(due.value).toBe('2026-11-25T09:00'));
    await screen.findByText('On Tokyo time (the assignee’s)');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Assignee' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Ada Lovelace'));
    // The same instant is 1:00 in Paris.
    await waitFor(() => expect(due.value).toBe('2026-11-25T01:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(api, 'PATCH')).toMatchObject({
      assigneeId: 'user-1',
      dueAt: '2026-11-25T00:00:00.000Z',
    });
  });

  it('words the fields it refuses without calling the server, and a server refusal by code', async () => {
    const { api } = await renderDialog(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    vi.unstubAllGlobals();

    const conflict = () =>
      json(409, { detail: 'Someone changed this task since you opened it', code: 'EDIT_CONFLICT' });
    await renderDialog(task(), conflict);
    const titles = await screen.findAllByRole('textbox', { name: 'Title' });
    fireEvent.change(titles.at(-1)!, { target: { value: 'Send the signed contract' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    expect(
      await screen.findByText(
        'Someone changed this task meanwhile. Reopen it to see their change, then try again.',
      ),
    ).toBeTruthy();
  });
});
