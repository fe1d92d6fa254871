import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Task } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { TasksPage } from './tasks-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

function task(n: number): Task {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Overdue ${n}`,
    type: 'todo',
    dueAt: '2026-11-20T09:00:00.000Z',
    priority: 'normal',
    status: 'open',
    assigneeId: 'user-1',
    personId: null,
    companyId: null,
    dealId: null,
    notes: '',
    createdBy: 'user-1',
    completedAt: null,
    createdAt: '2026-11-19T09:00:00.000Z',
    updatedAt: '2026-11-19T09:00:00.000Z',
    dueState: 'overdue',
    timeZone: 'UTC',
    personName: '',
    companyName: '',
  };
}

async function renderPage() {
  const api = stubApi({
    // One page of two shown; more are there (the tab counts 120).
    'GET /api/tasks': json(200, { items: [task(1), task(2)], nextCursor: 'next' }),
    'GET /api/tasks/counts': json(200, { today: 0, overdue: 120, upcoming: 0, done: 0 }),
    'GET /api/tasks/time-zone': json(200, { timeZone: 'UTC' }),
    'GET /api/tasks/time-zones': json(200, { items: [] }),
    'GET /api/members': json(200, []),
    'POST /api/tasks/bulk': json(200, { affected: 120 }),
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={['/dashboard/tasks?tab=overdue']}>
            <TasksPage canEdit currentUserId="user-1" />
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return api;
}

describe('TasksPage', () => {
  it('selects every task of the tab, beyond the rows shown, and completes them by filter', async () => {
    const api = await renderPage();
    await screen.findByText('Overdue 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all tasks shown' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected tasks' });
    fireEvent.click(
      await within(toolbar).findByRole('button', { name: 'Select all 120 tasks of this tab' }),
    );
    expect(within(toolbar).getByText('All tasks of this tab are selected')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      filter: { mine: 'true', due: 'overdue' },
      action: { type: 'complete' },
    });
    expect(await screen.findByText('120 tasks changed')).toBeTruthy();
  });

  it('acts by ids when only the rows shown are selected', async () => {
    const api = await renderPage();
    await screen.findByText('Overdue 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Overdue 2' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected tasks' });
    expect(within(toolbar).queryByRole('button', { name: /Select all 120/ })).toBeNull();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      ids: [task(2).id],
      action: { type: 'complete' },
    });
  });
});
