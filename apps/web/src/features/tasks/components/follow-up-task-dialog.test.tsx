import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Task } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { FollowUpTaskDialog } from './follow-up-task-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const PERSON = '00000000-0000-4000-8000-0000000000a1';

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    title: '',
    type: 'email',
    dueAt: null,
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
    dueState: 'upcoming',
    timeZone: 'Asia/Tokyo',
    personName: 'Grace Hopper',
    companyName: '',
    ...overrides,
  };
}

async function renderDialog(create: Route) {
  const api = stubApi({
    'GET /api/tasks/time-zones': json(200, {
      items: [{ userId: 'user-1', timeZone: 'Asia/Tokyo' }],
    }),
    'POST /api/tasks': create,
  });
  const i18n = await initTestI18n('en');
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <FollowUpTaskDialog
            personId={PERSON}
            personName="Grace Hopper"
            currentUserId="user-1"
            onClose={onClose}
            onCreated={onCreated}
          />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { api, onClose, onCreated };
}

const posted = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('FollowUpTaskDialog', () => {
  it('creates an e-mail task about the person, for the caller, due on their clock', async () => {
    const { api, onClose, onCreated } = await renderDialog((init) =>
      json(201, task(JSON.parse(String(init.body)))),
    );
    expect(screen.getByRole('dialog', { name: 'Create a follow-up task' })).toBeTruthy();
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.value).toBe('Follow up with Grace Hopper');
    // The due time is entered on the caller's clock, named since it is not this device's.
    expect(await screen.findByText('On Tokyo time (the assignee’s)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Due'), { target: { value: '2026-11-25T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Task created.')).toBeTruthy();
    const [body] = posted(api);
    expect(body).toMatchObject({
      title: 'Follow up with Grace Hopper',
      type: 'email',
      personId: PERSON,
      companyId: null,
      // 9:00 in Tokyo.
      dueAt: '2026-11-25T00:00:00.000Z',
    });
    // No assignee named: the server gives the task to the caller.
    expect(body).not.toHaveProperty('assigneeId');
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ personId: PERSON }));
  });

  it('refuses an empty title without calling, and puts a server refusal on its field', async () => {
    const { api, onClose } = await renderDialog(() =>
      json(400, {
        detail: 'Invalid',
        code: 'VALIDATION_FAILED',
        errors: { title: ['A task needs a shorter title'] },
      }),
    );
    const title = screen.getByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(posted(api)).toEqual([]);

    fireEvent.change(title, { target: { value: 'Call Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('A task needs a shorter title')).toBeTruthy();
    expect(posted(api)).toEqual([expect.objectContaining({ title: 'Call Grace', dueAt: null })]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
