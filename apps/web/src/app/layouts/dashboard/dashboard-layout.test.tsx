import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FlatNavItem } from '../../../components/nav-section/index.ts';
import { json, sampleUser, stubApi } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { tokenExpiringIn } from '../../../test/tokens.ts';
import { searchNav } from './search-dialog.tsx';

vi.setConfig({ testTimeout: 30_000 });

const members = [
  { id: 'user-1', email: sampleUser.email, firstName: 'Ada', lastName: 'Lovelace', role: 'admin' },
  {
    id: 'user-2',
    email: 'leo@example.com',
    firstName: 'Léo',
    lastName: 'Dubois',
    role: 'contributor',
  },
  {
    id: 'user-3',
    email: 'omar@example.com',
    firstName: 'Omar',
    lastName: 'Haddad',
    role: 'viewer',
  },
];

function signedIn(role: 'admin' | 'contributor' = 'admin') {
  window.localStorage.setItem('accessToken', tokenExpiringIn(3600));
  return stubApi({
    'GET /api/auth/info': json(200, { demo: null }),
    'GET /user/me': json(200, { ...sampleUser, role, email_verified: true }),
    'GET /api/members': json(200, members),
    'GET /api/notifications': json(200, { items: [], nextCursor: null, unread: 0 }),
    'GET /api/notifications/unread': json(200, { unread: 0 }),
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('searchNav', () => {
  const items: FlatNavItem[] = [
    {
      item: { title: 'Admin panel', path: '/dashboard/admin-panel', caption: 'Members and roles' },
      trail: ['Workspace'],
    },
    { item: { title: 'Équipe', path: '/dashboard/team' }, trail: ['Général'] },
  ];
  it('matches every word in the title, caption, section or path, without accents', () => {
    expect(searchNav(items, 'members').map((r) => r.item.title)).toEqual(['Admin panel']);
    expect(searchNav(items, 'equipe').map((r) => r.item.title)).toEqual(['Équipe']);
    expect(searchNav(items, 'workspace admin').map((r) => r.item.title)).toEqual(['Admin panel']);
    expect(searchNav(items, '  ')).toHaveLength(2);
    expect(searchNav(items, 'nothing')).toEqual([]);
  });
});

describe('the dashboard shell', () => {
  it('puts the home page in the layout, with the admin-only item for an admin', async () => {
    signedIn('admin');
    await renderApp('/dashboard/app');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    // Below the large breakpoint (jsdom has no media queries) the menu is a drawer.
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(menu).getByRole('link', { name: /^Admin panel/ })).toBeTruthy();
    expect(
      within(menu).getByRole('link', { name: 'API reference (opens in a new tab)' }),
    ).toBeTruthy();
    // Built screens are in the menu; screens that are not built yet are not.
    expect(within(menu).getByRole('link', { name: 'People' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Lists' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Deals' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Sequences' })).toBeNull();
    // The Users group shows once one of its screens is built (the account page, issue 10).
    expect(within(menu).getByRole('button', { name: 'Users' })).toBeTruthy();
  });

  it('hides the admin-only item from a contributor and denies the route', async () => {
    signedIn('contributor');
    const { router } = await renderApp('/dashboard/admin-panel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Permission denied' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/permission-denied');
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: /Admin panel/ })).toBeNull();
  });

  it('shows the admin panel with the workspace members to an admin', async () => {
    signedIn('admin');
    await renderApp('/dashboard/admin-panel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin panel' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Members' });
    // The rows are placeholders until the members (and the schema that checks them) arrive.
    await within(table).findByText('Léo Dubois', { exact: false });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MemberE-mailRole',
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('Léo Dubois'),
      expect.stringContaining('Omar Haddad'),
    ]);
    expect(rows[1]?.textContent).toContain('You');
  });

  it('searches the menu and opens the page', async () => {
    signedIn('admin');
    const { router } = await renderApp('/dashboard/app');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search pages and records' });
    fireEvent.change(input, { target: { value: 'members' } });
    expect(screen.getByRole('option').textContent).toContain('Admin panel');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin panel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/admin-panel');
  });

  it('lists the other members in contacts, and has no notifications', async () => {
    signedIn('admin');
    await renderApp('/dashboard/app');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    fireEvent.click(screen.getByRole('button', { name: 'Contacts' }));
    const contacts = await screen.findByRole('dialog', { name: 'Contacts' });
    expect(await within(contacts).findByText('Léo Dubois')).toBeTruthy();
    expect(within(contacts).getByText('Viewer')).toBeTruthy();
    expect(within(contacts).queryByText('Ada Lovelace')).toBeNull();
    fireEvent.keyDown(contacts, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('No notifications')).toBeTruthy();
  });

  it('counts unread notifications on the bell and opens a due task from the drawer', async () => {
    window.localStorage.setItem('accessToken', tokenExpiringIn(3600));
    const due = {
      id: '7d0c5b1e-0000-4000-8000-000000000001',
      kind: 'task_due',
      title: 'Call Grace',
      taskId: '7d0c5b1e-0000-4000-8000-0000000000aa',
      conversationId: null,
      at: '2026-11-24T09:00:00.000Z',
      readAt: null,
      createdAt: '2026-11-24T09:00:10.000Z',
    };
    const api = stubApi({
      'GET /api/auth/info': json(200, { demo: null }),
      'GET /user/me': json(200, { ...sampleUser, email_verified: true }),
      'GET /api/members': json(200, members),
      'GET /api/notifications': json(200, { items: [due], nextCursor: null, unread: 1 }),
      'GET /api/notifications/unread': json(200, { unread: 1 }),
      [`POST /api/notifications/${due.id}/read`]: new Response(null, { status: 204 }),
    });
    const { router } = await renderApp('/dashboard/app');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    // The count is read once the page is idle, not with its first load.
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5000 }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('button', { name: /Task due: Call Grace/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/tasks'));
    expect(router.state.location.search).toBe(`?task=${due.taskId}`);
    expect(
      api.mock.calls.some(
        ([url, init]) =>
          String(url).endsWith(`/api/notifications/${due.id}/read`) && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('opens the settings drawer from the account menu', async () => {
    signedIn('admin');
    await renderApp('/dashboard/app');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    fireEvent.click(screen.getByRole('button', { name: 'Account: Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });
});
