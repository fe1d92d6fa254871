import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Account, Mailbox } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { MailboxesTab } from './mailboxes-tab.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const mine: Mailbox = {
  id: '00000000-0000-4000-8000-0000000000c1',
  kind: 'beacon',
  address: 'ada@northwind.test',
  displayName: 'Ada Lovelace',
  ownerId: 'user-1',
  shared: false,
  signature: 'Ada\nNorthwind',
  connection: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const account: Account = {
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: null,
  timeZone: null,
  language: null,
  emailSignature: '',
  twoFactorEnabled: false,
  recoveryCodesLeft: 0,
  pendingEmail: null,
};
const theirs: Mailbox = {
  ...mine,
  id: '00000000-0000-4000-8000-0000000000c2',
  address: 'leo@northwind.test',
  ownerId: 'user-2',
  shared: true,
};

async function renderTab(
  routes: Parameters<typeof stubApi>[0] = {},
  role: 'contributor' | 'viewer' = 'contributor',
) {
  const bodies: Record<string, unknown[]> = {};
  const keep = (name: string, answer: Response) => (init: RequestInit) => {
    (bodies[name] ??= []).push(JSON.parse(String(init.body)));
    return answer;
  };
  stubApi({
    'GET /api/mail/mailboxes': json(200, { mailboxes: [mine, theirs] }),
    'GET /api/mail/domains': json(200, {
      domains: [
        {
          id: 'd1',
          domain: 'northwind.test',
          dkimSelector: null,
          hasDkimKey: false,
          dkimRecord: null,
          createdAt: '2026-11-01T09:00:00.000Z',
        },
      ],
    }),
    'POST /api/mail/mailboxes/update': keep(
      'update',
      json(200, { mailbox: { ...mine, signature: 'Ada L.' } }),
    ),
    'POST /api/mail/mailboxes/delete': keep('delete', new Response(null, { status: 204 })),
    'POST /api/mail/mailboxes/new': keep(
      'new',
      json(201, {
        mailbox: {
          ...mine,
          id: '00000000-0000-4000-8000-0000000000c3',
          address: 'sales@northwind.test',
        },
      }),
    ),
    ...routes,
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter>
            <MailboxesTab account={account} canEdit={role === 'contributor'} />
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return bodies;
}

describe('the Mailboxes tab', () => {
  it('lists the member’s own mailboxes and changes the name, signature and sharing', async () => {
    const bodies = await renderTab();
    const item = await screen.findByRole('listitem', { name: 'ada@northwind.test' });
    expect(within(item).getByText('Beacon mailbox')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'leo@northwind.test' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Edit ada@northwind.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ada@northwind.test' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Signature' }), {
      target: { value: 'Ada L.' },
    });
    fireEvent.click(within(dialog).getByLabelText(/Share with the workspace/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodies.update).toEqual([
        { mailboxId: mine.id, displayName: 'Ada Lovelace', signature: 'Ada L.', shared: true },
      ]),
    );
  });

  it('adds a Beacon mailbox at a workspace domain', async () => {
    const bodies = await renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mailbox' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Address' }), {
      target: { value: 'sales' },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Domain' }).textContent).toContain(
        '@northwind.test',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(bodies.new).toEqual([
        { kind: 'beacon', address: 'sales@northwind.test', displayName: '' },
      ]),
    );
  });

  it('connects a mailbox and shows why the server refused the connection', async () => {
    const refused: unknown[] = [];
    const bodies = await renderTab({
      'POST /api/mail/mailboxes/new': (init) => {
        refused.push(JSON.parse(String(init.body)));
        return json(400, {
          detail: 'The IMAP server refused the login',
          code: 'MAILBOX_CONNECTION_FAILED',
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mailbox' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connected mailbox' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail address' }), {
      target: { value: 'ada@gmail.test' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'IMAP server' }), {
      target: { value: 'imap.gmail.test' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'SMTP server' }), {
      target: { value: 'smtp.gmail.test' },
    });
    fireEvent.change(within(dialog).getByLabelText('App password'), {
      target: { value: 'app-pass' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The IMAP server refused the login')).toBeTruthy();
    expect(refused[0]).toMatchObject({
      kind: 'connected',
      address: 'ada@gmail.test',
      imapHost: 'imap.gmail.test',
      imapPort: 993,
      smtpHost: 'smtp.gmail.test',
      smtpPort: 465,
      username: 'ada@gmail.test',
      password: 'app-pass',
    });
    expect(bodies.new).toBeUndefined();
  });

  it('deletes a mailbox after asking', async () => {
    const bodies = await renderTab();
    const item = await screen.findByRole('listitem', { name: 'ada@northwind.test' });
    fireEvent.click(within(item).getByRole('button', { name: 'Delete ada@northwind.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this mailbox?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodies.delete).toEqual([{ mailboxId: mine.id }]));
  });

  it('offers no changes to a viewer and says who adds mailboxes', async () => {
    await renderTab({ 'GET /api/mail/mailboxes': json(200, { mailboxes: [theirs] }) }, 'viewer');
    expect(await screen.findByText('No mailbox yet')).toBeTruthy();
    expect(screen.getByText(/an admin or contributor adds mailboxes/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a mailbox' })).toBeNull();
  });
});
