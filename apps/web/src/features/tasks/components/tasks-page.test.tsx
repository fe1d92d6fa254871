import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SavedView, Task } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { TasksPage, type TasksPageProps } from './tasks-page.tsx';
import type { TaskViewsMenuProps } from './task-view-bar.tsx';

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

async function renderPage(
  viewsMenu?: TasksPageProps['viewsMenu'],
  entry = '/dashboard/tasks?tab=overdue',
  routes: Parameters<typeof stubApi>[0] = {},
  activity?: TasksPageProps['activity'],
) {
  const api = stubApi({
    ...routes,
    // One page of two shown; more are there (the tab counts 120).
    'GET /api/tasks': json(200, { items: [task(1), task(2)], nextCursor: 'next' }),
    'GET /api/tasks/counts': json(200, { today: 0, overdue: 120, upcoming: 0, done: 0 }),
    'GET /api/tasks/time-zone': json(200, { timeZone: 'UTC', effectiveTimeZone: 'UTC' }),
    'GET /api/tasks/time-zones': json(200, { items: [] }),
    'GET /api/members': json(200, []),
    'POST /api/tasks/bulk': json(200, { affected: 120 }),
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[entry]}>
            <TasksPage canEdit currentUserId="user-1" viewsMenu={viewsMenu} activity={activity} />
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

  it('applies a saved view to every tab: its search, conditions and sort go to the list, counts and bulk', async () => {
    const saved: SavedView = {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Urgent calls',
      entity: 'tasks',
      shared: true,
      q: 'renewal',
      filters: [
        { field: 'type', op: 'equals', value: 'call' },
        { field: 'dealId', op: 'not_empty' },
      ],
      sort: '-priority',
      columns: [],
      ownerId: 'user-2',
      createdAt: '2026-11-19T09:00:00.000Z',
      updatedAt: '2026-11-19T09:00:00.000Z',
    };
    const shown: TaskViewsMenuProps['query'][] = [];
    const api = await renderPage((props) => {
      shown.push(props.query);
      return (
        <button type="button" onClick={() => props.onApply(saved)}>
          Apply the view
        </button>
      );
    });
    await screen.findByText('Overdue 1');
    fireEvent.click(screen.getByRole('button', { name: 'Apply the view' }));
    const filters = JSON.stringify(saved.filters);
    await waitFor(() => {
      const lists = api.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
      const list = lists.find((u) => u.pathname === '/api/tasks' && u.searchParams.get('q'));
      expect(list?.searchParams.get('filters')).toBe(filters);
      expect(list?.searchParams.get('sort')).toBe('-priority');
      expect(list?.searchParams.get('due')).toBe('overdue');
      const counts = lists.find(
        (u) => u.pathname === '/api/tasks/counts' && u.searchParams.get('q'),
      );
      expect(counts?.searchParams.get('filters')).toBe(filters);
      expect(counts?.searchParams.get('sort')).toBeNull();
    });
    // The bar shows the view: its type, its sort, the search, and the condition it has no field for.
    expect(
      (screen.getByRole('searchbox', { name: 'Search tasks' }) as HTMLInputElement).value,
    ).toBe('renewal');
    expect(screen.getByText('and 1 more condition')).toBeTruthy();
    expect(shown.at(-1)).toMatchObject({ viewId: saved.id, q: 'renewal', sort: '-priority' });
    // "Select all" of the tab goes by the tab's filter with the view's.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all tasks shown' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected tasks' });
    fireEvent.click(
      await within(toolbar).findByRole('button', { name: 'Select all 120 tasks of this tab' }),
    );
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      filter: { mine: 'true', due: 'overdue', q: 'renewal', filters },
      action: { type: 'complete' },
    });
    // Clearing the view goes back to the tab alone.
    fireEvent.click(screen.getByRole('button', { name: 'Clear the view' }));
    await waitFor(() => expect(shown.at(-1)).toMatchObject({ viewId: null, q: '', filters: [] }));
  });

  it('narrows the tab by type from the bar, as a condition of the view', async () => {
    const api = await renderPage();
    await screen.findByText('Overdue 1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Call' }));
    await waitFor(() => {
      const urls = api.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
      expect(
        urls.some(
          (u) =>
            u.pathname === '/api/tasks' &&
            u.searchParams.get('filters') ===
              JSON.stringify([{ field: 'type', op: 'equals', value: 'call' }]),
        ),
      ).toBe(true);
    });
  });

  it('exports the tab as the list shows it (its shortcuts as conditions) to a CSV file', async () => {
    const saved: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:tasks';
    };
    const revoke = URL.revokeObjectURL;
    URL.revokeObjectURL = () => undefined;
    try {
      const api = await renderPage(undefined, '/dashboard/tasks?tab=overdue', {
        'GET /api/tasks/export.csv': new Response('Title\r\nOverdue 1\r\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="tasks.csv"',
          },
        }),
      });
      await screen.findByText('Overdue 1');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const call = api.mock.calls.find(([url]) => String(url).includes('/export.csv'))!;
      const url = new URL(String(call[0]), 'http://localhost');
      expect(url.searchParams.get('sort')).toBe('dueAt');
      expect(JSON.parse(url.searchParams.get('filters')!)).toEqual([
        { field: 'assigneeId', op: 'equals', value: 'user-1' },
        { field: 'dueState', op: 'in', value: ['overdue'] },
      ]);
      expect(await saved[0]!.text()).toContain('Overdue 1');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revoke;
    }
  });

  it("opens a task's notes and timeline through the composed panel, and closes it", async () => {
    await renderPage(undefined, '/dashboard/tasks?tab=overdue', {}, ({ task, onClose }) =>
      task ? (
        <div role="dialog" aria-label={`Panel of ${task.title}`}>
          <button onClick={onClose}>Close panel</button>
        </div>
      ) : null,
    );
    await screen.findByText('Overdue 1');
    fireEvent.click(screen.getByRole('button', { name: 'Notes and timeline of Overdue 2' }));
    const panel = await screen.findByRole('dialog', { name: 'Panel of Overdue 2' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
