import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RecordList } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { ListPage } from './list-page.tsx';
import { ListsPage } from './lists-page.tsx';
import { samplePerson } from '../../../test/crm-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });

const LIST_ID = '5c1f2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

const list = (extra: Partial<RecordList> = {}): RecordList => ({
  id: LIST_ID,
  name: 'Q3 targets',
  kind: 'people',
  description: 'Decision makers',
  count: 2,
  createdBy: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...extra,
});

const person = (id: string, firstName: string) =>
  samplePerson({
    id,
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}@example.com`,
    jobTitle: 'Buyer',
  });

async function renderAt(path: string) {
  const i18n = await initTestI18n('en');
  const router = createMemoryRouter(
    [
      { path: '/dashboard/lists', element: <ListsPage canEdit /> },
      { path: '/dashboard/lists/:id', element: <ListPage canEdit /> },
    ],
    { initialEntries: [path] },
  );
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The realtime channel as the page subscribes to it, driven by the test. */
function fakeChannel() {
  const subscribers: RealtimeSubscriber[] = [];
  vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
    subscribers.push(subscriber);
    return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
  });
  return {
    send: (data: Record<string, unknown>) =>
      act(() => {
        for (const subscriber of [...subscribers]) {
          subscriber.onMessage({ type: 'crm.changed', data });
        }
      }),
    reconnect: () =>
      act(() => {
        for (const subscriber of [...subscribers]) subscriber.onReady?.();
      }),
  };
}

describe('ListsPage', () => {
  it('shows the lists by kind with counts, and opens a new list once created', async () => {
    const api = stubApi({
      'GET /api/lists': json(200, [
        list(),
        list({ id: 'c1', name: 'Accounts', kind: 'companies' }),
      ]),
      'POST /api/lists': (init) =>
        json(201, list({ id: 'new-id', name: JSON.parse(String(init.body)).name, count: 0 })),
    });
    const router = await renderAt('/dashboard/lists');
    const table = await screen.findByRole('table', { name: 'People lists' });
    expect(within(table).getByRole('link', { name: 'Q3 targets' })).toBeTruthy();
    expect(within(table).queryByText('Accounts')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Pioneers ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/lists/new-id'));
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Pioneers',
      kind: 'people',
      description: '',
    });
  });

  it("words the form's limits with the schema's numbers, and the server's refusal under the name", async () => {
    stubApi({
      'GET /api/lists': json(200, [list()]),
      'POST /api/lists': json(403, { detail: 'Forbidden', code: 'FORBIDDEN' }),
    });
    await renderAt('/dashboard/lists');
    await screen.findByRole('table', { name: 'People lists' });
    fireEvent.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'x'.repeat(101) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('At most 100 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Pioneers' },
    });
    await waitFor(() => expect(within(dialog).queryByText('At most 100 characters')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText("You don't have permission to do this.")).toBeTruthy();
  });

  it('reads the lists again when lists change elsewhere', async () => {
    const channel = fakeChannel();
    let lists = [list()];
    stubApi({ 'GET /api/lists': () => json(200, lists) });
    await renderAt('/dashboard/lists');
    const table = await screen.findByRole('table', { name: 'People lists' });
    lists = [list(), list({ id: 'l2', name: 'Pioneers' })];
    channel.send({ entity: 'people', id: 'p1', by: 'user-2', origin: 'another-tab' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(within(table).queryByRole('link', { name: 'Pioneers' })).toBeNull();
    channel.send({ entity: 'lists', id: 'l2', by: 'user-2', origin: 'another-tab' });
    expect(
      await within(table).findByRole('link', { name: 'Pioneers' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('says when there is no list of a kind', async () => {
    stubApi({ 'GET /api/lists': json(200, []) });
    await renderAt('/dashboard/lists?kind=companies');
    expect(await screen.findByText(/No company lists yet/)).toBeTruthy();
  });
});

describe('ListPage', () => {
  it('lists the members and removes the selected ones', async () => {
    const api = stubApi({
      [`GET /api/lists/${LIST_ID}`]: json(200, list()),
      'GET /api/people': json(200, {
        items: [person('p1', 'Grace'), person('p2', 'Alan')],
        nextCursor: null,
      }),
      [`POST /api/lists/${LIST_ID}/items/remove`]: json(200, { affected: 1 }),
    });
    await renderAt(`/dashboard/lists/${LIST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 targets' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Q3 targets' });
    await within(table).findByRole('link', { name: 'Grace Tester' });
    const people = api.mock.calls.find(([url]) => String(url).startsWith('/api/people?'));
    const filters = new URL(String(people?.[0]), 'http://x').searchParams.get('filters');
    expect(JSON.parse(filters ?? '[]')).toEqual([{ field: 'list', op: 'on_list', value: LIST_ID }]);

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Alan Tester' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from the list: 1')).toBeTruthy();
    // The confirmation hides the page from assistive technology until it has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(table).queryByRole('link', { name: 'Alan Tester' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Grace Tester' })).toBeTruthy();
    expect(await screen.findByText('Members: 1')).toBeTruthy();
    const remove = api.mock.calls.find(([url]) => String(url).endsWith('/items/remove'));
    expect(JSON.parse(String(remove?.[1]?.body))).toEqual({ selection: { ids: ['p2'] } });
  });

  it('reads the list and its members again on changes from elsewhere, gathered, not on its own', async () => {
    const channel = fakeChannel();
    let members = [person('p1', 'Grace')];
    let count = 1;
    const api = stubApi({
      [`GET /api/lists/${LIST_ID}`]: () => json(200, list({ count })),
      'GET /api/people': () => json(200, { items: members, nextCursor: null }),
    });
    await renderAt(`/dashboard/lists/${LIST_ID}`);
    const table = await screen.findByRole('table', { name: 'Q3 targets' });
    await within(table).findByRole('link', { name: 'Grace Tester' });
    expect(screen.getByText('Members: 1')).toBeTruthy();
    const reads = () =>
      api.mock.calls.filter(([url]) => String(url).startsWith('/api/people?')).length;
    const before = reads();

    members = [person('p1', 'Grace'), person('p3', 'Ada')];
    count = 2;
    // This tab's own change: its cache has it already.
    channel.send({ entity: 'lists', id: LIST_ID, by: 'user-1', origin: CLIENT_ID });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reads()).toBe(before);
    expect(within(table).queryByRole('link', { name: 'Ada Tester' })).toBeNull();

    // A burst from elsewhere: one read.
    channel.send({ entity: 'lists', id: LIST_ID, by: 'user-2', origin: 'another-tab' });
    channel.send({ entity: 'people', id: 'p3', by: 'user-2', origin: 'another-tab' });
    expect(
      await within(table).findByRole('link', { name: 'Ada Tester' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Members: 2')).toBeTruthy();
    expect(reads()).toBe(before + 1);

    // Back after a break: changes may have been missed.
    members = [person('p3', 'Ada')];
    channel.reconnect();
    channel.reconnect();
    await waitFor(
      () => expect(within(table).queryByRole('link', { name: 'Grace Tester' })).toBeNull(),
      {
        timeout: 5000,
      },
    );
  });

  it('says plainly that a list does not exist', async () => {
    stubApi({});
    await renderAt(`/dashboard/lists/${LIST_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'List not found' })).toBeTruthy();
  });
});
