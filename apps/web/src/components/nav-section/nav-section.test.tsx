import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { initTestI18n } from '../../test/i18n.ts';
import { ThemeProvider } from '../../theme/index.ts';
import {
  NavSectionHorizontal,
  NavSectionMini,
  NavSectionVertical,
  filterNavData,
  flattenNavData,
  isItemActive,
  isPathActive,
  type NavGroupData,
} from './index.ts';

vi.setConfig({ testTimeout: 20_000 });

/** A menu with every kind of item the spec names. */
const data: NavGroupData[] = [
  {
    subheader: 'Overview',
    items: [
      { title: 'Home', path: '/dashboard/app', icon: <svg data-testid="home-icon" /> },
      { title: 'Calendar', path: '/dashboard/calendar', caption: 'Meetings and events' },
      { title: 'Reports', path: '/dashboard/reports', disabled: true },
      { title: 'API reference', path: '/api/docs', external: true },
      { title: 'Admin panel', path: '/dashboard/admin-panel', roles: ['admin'] },
    ],
  },
  {
    subheader: 'Management',
    items: [
      {
        title: 'Users',
        path: '/dashboard/user',
        children: [
          { title: 'Profile', path: '/dashboard/user/profile' },
          {
            title: 'Settings',
            path: '/dashboard/user/settings',
            children: [{ title: 'Security', path: '/dashboard/user/settings/security' }],
          },
        ],
      },
    ],
  },
];

describe('filterNavData', () => {
  it('shows the admin-only item to an admin, and hides it from others', () => {
    const titles = (role: string | null) =>
      flattenNavData(filterNavData(data, { role })).map(({ item }) => item.title);
    expect(titles('admin')).toContain('Admin panel');
    expect(titles('contributor')).not.toContain('Admin panel');
    expect(titles(null)).not.toContain('Admin panel');
  });

  it('leaves out links to screens that do not exist, parents without children, empty sections', () => {
    const exists = new Set(['/dashboard/app', '/dashboard/admin-panel']);
    const visible = filterNavData(data, { role: 'admin', isAvailable: (path) => exists.has(path) });
    expect(visible.map((group) => group.subheader)).toEqual(['Overview']);
    expect(visible[0]?.items.map((item) => item.title)).toEqual([
      'Home',
      'API reference',
      'Admin panel',
    ]);
    const deep = filterNavData(data, {
      isAvailable: (path) => path === '/dashboard/user/settings/security',
    });
    expect(deep.map((group) => group.subheader)).toEqual(['Overview', 'Management']);
    expect(deep[1]?.items[0]?.children?.map((child) => child.title)).toEqual(['Settings']);
  });
});

describe('active items', () => {
  it('matches the page and the pages below it; a parent through its children', () => {
    expect(isPathActive('/dashboard/app', '/dashboard/app')).toBe(true);
    expect(isPathActive('/dashboard/app/', '/dashboard/app')).toBe(true);
    expect(isPathActive('/dashboard/apps', '/dashboard/app', true)).toBe(false);
    expect(isPathActive('/dashboard/app/1', '/dashboard/app', true)).toBe(true);
    const users = data[1]?.items[0];
    if (!users) throw new Error('no users item');
    expect(isItemActive('/dashboard/user/settings/security', users)).toBe(true);
    expect(isItemActive('/dashboard/app', users)).toBe(false);
  });

  it('lists every openable item with its trail, for search', () => {
    const flat = flattenNavData(data).map(({ item, trail }) => [item.title, trail.join(' › ')]);
    expect(flat).toContainEqual(['Security', 'Management › Users › Settings']);
    expect(flat.map(([title]) => title)).not.toContain('Reports');
    expect(flat.map(([title]) => title)).not.toContain('Users');
  });
});

async function renderNav(ui: React.ReactNode, path = '/dashboard/app') {
  const i18n = await initTestI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

describe('NavSectionVertical', () => {
  it('links to routes, marks the current page, and shows captions', async () => {
    await renderNav(<NavSectionVertical data={data} />);
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/dashboard/app');
    expect(home.getAttribute('aria-current')).toBe('page');
    const calendar = screen.getByRole('link', { name: /^Calendar/ });
    expect(calendar.getAttribute('aria-current')).toBeNull();
    expect(calendar.textContent).toContain('Meetings and events');
  });

  it('opens an external link in a new tab and says so', async () => {
    await renderNav(<NavSectionVertical data={data} />);
    const api = screen.getByRole('link', { name: 'API reference (opens in a new tab)' });
    expect(api.getAttribute('href')).toBe('/api/docs');
    expect(api.getAttribute('target')).toBe('_blank');
    expect(api.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a disabled item that is not a link and cannot be focused', async () => {
    await renderNav(<NavSectionVertical data={data} />);
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    const reports = screen.getByText('Reports').closest('[aria-disabled]');
    expect(reports?.getAttribute('aria-disabled')).toBe('true');
    expect(reports?.getAttribute('tabindex')).toBe('-1');
  });

  it('unfolds a multi-level item on click, and starts unfolded on a child page', async () => {
    await renderNav(<NavSectionVertical data={data} />);
    const users = screen.getByRole('button', { name: 'Users' });
    expect(users.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(users);
    expect(users.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      '/dashboard/user/profile',
    );
    const settings = screen.getByRole('button', { name: 'Settings' });
    fireEvent.click(settings);
    expect(screen.getByRole('link', { name: 'Security' })).toBeTruthy();
  });

  it('starts with the parents of the current page unfolded', async () => {
    await renderNav(<NavSectionVertical data={data} />, '/dashboard/user/settings/security');
    expect(screen.getByRole('button', { name: 'Users' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('folds a section under its subheader', async () => {
    await renderNav(<NavSectionVertical data={data} />);
    const subheader = screen.getByRole('button', { name: 'Overview' });
    expect(subheader.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(subheader);
    expect(subheader.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('NavSectionMini and NavSectionHorizontal', () => {
  it('mini: a parent opens its sub-menu beside it, and Escape closes it', async () => {
    await renderNav(<NavSectionMini data={data} />);
    const users = screen.getByRole('button', { name: 'Users' });
    fireEvent.click(users);
    const menu = await screen.findByRole('list', { name: 'Users' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(users.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(within(menu).getByRole('link', { name: 'Profile' }), { key: 'Escape' });
    await waitFor(() => expect(users.getAttribute('aria-expanded')).toBe('false'));
    // The caption of a top-level item is a tooltip's description.
    expect(screen.getByRole('link', { name: 'Calendar' })).toBeTruthy();
  });

  it('horizontal: ArrowDown opens the sub-menu and moves the focus into it', async () => {
    await renderNav(<NavSectionHorizontal data={data} />);
    const users = screen.getByRole('button', { name: 'Users' });
    users.focus();
    fireEvent.keyDown(users, { key: 'ArrowDown' });
    const menu = await screen.findByRole('list', { name: 'Users' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Profile' })),
    );
    // A nested parent opens to the side.
    fireEvent.click(within(menu).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('list', { name: 'Settings' })).toBeTruthy();
  });
});
