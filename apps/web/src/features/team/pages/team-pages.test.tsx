import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Invitation, MemberProfile } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { relativeTime } from '../utils/format.ts';
import { AcceptInvitationPage } from './accept-invitation-page.tsx';
import { InvitePage } from './invite-page.tsx';
import { MembersListPage } from './members-list-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

const T0 = '2026-05-01T10:00:00.000Z';
const member = (id: string, firstName: string, role: MemberProfile['role']): MemberProfile => ({
  id,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: 'Test',
  role,
  status: 'active',
  recordVisibility: 'all',
  title: null,
  about: null,
  timeZone: null,
  avatarUrl: null,
  coverUrl: null,
  lastActiveAt: null,
  createdAt: T0,
});
const invitation: Invitation = {
  id: 'i1',
  email: 'new@example.com',
  role: 'viewer',
  status: 'pending',
  invitedBy: 'u1',
  expiresAt: '2099-01-01T00:00:00.000Z',
  lastSentAt: T0,
  createdAt: T0,
};

async function show(ui: React.ReactElement, lng = 'en') {
  const i18n = await initTestI18n(lng);
  await i18n.changeLanguage(lng);
  return renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MembersListPage', () => {
  it('shows the members and pending invitations, and changes the role of those selected', async () => {
    let bulkBody: unknown;
    stubApi({
      'GET /api/members/directory': json(200, [
        member('u1', 'Ada', 'admin'),
        member('u2', 'Bob', 'viewer'),
      ]),
      'GET /api/invitations': json(200, [invitation]),
      'POST /api/members/bulk/role': (init) => {
        bulkBody = JSON.parse(String(init.body));
        return json(200, { affected: 1 });
      },
    });
    await show(<MembersListPage isAdmin currentUserId="u1" />);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByText('Ada Test')).toBeTruthy();
    expect(within(table).getByText('(you)')).toBeTruthy();
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bob Test' }));
    const bar = screen.getByRole('region', { name: 'Change the role of the selected members' });
    expect(within(bar).getByText('1 member selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(bulkBody).toEqual({ ids: ['u2'], role: 'contributor' }));
    expect(await screen.findByText('Role changed for 1 member')).toBeTruthy();
  });

  it('shows no admin tools to a member who is not admin, and the empty state', async () => {
    const fetchMock = stubApi({ 'GET /api/members/directory': json(200, []) });
    await show(<MembersListPage isAdmin={false} currentUserId="u2" />);
    expect(await screen.findByText('No member matches these filters.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invite member' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/api/invitations'),
    );
  });

  it('says what went wrong, in Arabic, when the directory cannot be read', async () => {
    stubApi({
      'GET /api/members/directory': json(403, { detail: 'No', code: 'FORBIDDEN' }),
    });
    await show(<MembersListPage isAdmin={false} currentUserId="u2" />, 'ar');
    expect(await screen.findByText('لا يستطيع ذلك إلا المسؤول.')).toBeTruthy();
  });
});

describe('InvitePage', () => {
  it('checks the address before calling, and puts ACCOUNT_EXISTS on the e-mail field', async () => {
    const fetchMock = stubApi({
      'POST /api/invitations': json(409, { detail: 'exists', code: 'ACCOUNT_EXISTS' }),
    });
    await show(<InvitePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'taken@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(
        'This address already has a Beacon account, so it cannot be invited.',
      ),
    ).toBeTruthy();
  });
});

describe('AcceptInvitationPage', () => {
  it('refuses a link that is not valid any more', async () => {
    stubApi({
      'GET /api/invitations/preview': json(400, { detail: 'no', code: 'INVITATION_INVALID' }),
    });
    await show(<AcceptInvitationPage token={'x'.repeat(43)} signIn={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This invitation link is no longer valid: it expired, was revoked or was already used. Ask for a new one.',
    );
  });

  it('creates the account with the names and password, then signs in with them', async () => {
    let accepted: unknown;
    stubApi({
      'GET /api/invitations/preview': json(200, {
        email: 'new@example.com',
        role: 'contributor',
        workspaceName: 'Northwind',
        invitedBy: 'Ava Martin',
        expiresAt: '2099-01-01T00:00:00.000Z',
      }),
      'POST /api/invitations/accept': (init) => {
        accepted = JSON.parse(String(init.body));
        return json(201, {
          access_token: 't',
          email: 'new@example.com',
          first_name: 'N',
          last_name: 'M',
        });
      },
    });
    const signIn = vi.fn(async () => undefined);
    await show(<AcceptInvitationPage token={'t'.repeat(43)} signIn={signIn} />);
    expect(
      await screen.findByText('Ava Martin invites you to Northwind as Contributor.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), {
      target: { value: 'Nina' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), {
      target: { value: 'Moreau' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the workspace' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('new@example.com', 'long enough pw'));
    expect(accepted).toEqual({
      token: 't'.repeat(43),
      first_name: 'Nina',
      last_name: 'Moreau',
      password: 'long enough pw',
    });
  });
});

describe('relativeTime', () => {
  it('words the nearest unit in the page language', () => {
    const now = Date.parse(T0);
    expect(relativeTime('2026-05-01T09:55:00.000Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-05-08T10:00:00.000Z', 'en', now)).toBe('in 7 days');
    expect(relativeTime('2026-05-03T10:00:00.000Z', 'fr', now)).toBe('après-demain');
  });
});
