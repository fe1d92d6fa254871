import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const connected = (syncStatus: 'idle' | 'syncing' | 'paused' | 'error'): Mailbox => ({
  ...mine,
  id: '00000000-0000-4000-8000-0000000000c4',
  kind: 'connected',
  address: 'ada@gmail.test',
  displayName: 'Ada (Gmail)',
  signature: '',
  connection: {
    imapHost: 'imap.gmail.test',
    imapPort: 993,
    imapSecurity: 'tls',
    smtpHost: 'smtp.gmail.test',
    smtpPort: 465,
    smtpSecurity: 'tls',
    username: 'ada@gmail.test',
    syncStatus,
    syncError: syncStatus === 'error' ? 'IMAP: the server refused the user name or password' : null,
    lastSyncedAt: null,
  },
});

const sync = (status: string) => ({
  sync: {
    mailboxId: '00000000-0000-4000-8000-0000000000c4',
    status,
    error: null,
    lastSyncedAt: null,
    syncSince: null,
    messages: 0,
    folders: [],
  },
});

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
    'GET /api/mail/trusted-senders': json(200, { senders: [] }),
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

  it('pauses and resumes a connected mailbox’s sync, and shows it paused', async () => {
    let state: 'idle' | 'paused' = 'idle';
    const steered: { path: string; body: unknown }[] = [];
    const steer = (path: string, next: 'idle' | 'paused') => (init: RequestInit) => {
      steered.push({ path, body: JSON.parse(String(init.body)) });
      state = next;
      return json(200, sync(next));
    };
    await renderTab({
      'GET /api/mail/mailboxes': () => json(200, { mailboxes: [connected(state)] }),
      'POST /api/mail/mailboxes/pause': steer('pause', 'paused'),
      'POST /api/mail/mailboxes/resume': steer('resume', 'idle'),
    });
    const item = await screen.findByRole('listitem', { name: 'ada@gmail.test' });
    expect(within(item).getByText('Synced')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Pause syncing ada@gmail.test' }));
    expect(await screen.findByText('Syncing of ada@gmail.test is paused.')).toBeTruthy();
    // The list is read again: the mailbox shows as paused, with what that means.
    expect(await within(item).findByText('Paused')).toBeTruthy();
    expect(within(item).getByText(/Syncing is paused/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Resume syncing ada@gmail.test' }));
    expect(await screen.findByText('Syncing of ada@gmail.test resumes.')).toBeTruthy();
    expect(await within(item).findByText('Synced')).toBeTruthy();
    expect(steered).toEqual([
      { path: 'pause', body: { mailboxId: connected('idle').id } },
      { path: 'resume', body: { mailboxId: connected('idle').id } },
    ]);
  });

  it('asks for the password again when the login failed, and shows why the server refused it', async () => {
    const given: unknown[] = [];
    let refuse = true;
    await renderTab({
      'GET /api/mail/mailboxes': () =>
        json(200, { mailboxes: [connected(refuse || given.length < 2 ? 'error' : 'idle')] }),
      'POST /api/mail/mailboxes/connection': (init) => {
        given.push(JSON.parse(String(init.body)));
        if (refuse) {
          refuse = false;
          return json(400, {
            detail: 'IMAP: the server refused the user name or password',
            code: 'MAILBOX_CONNECTION_FAILED',
          });
        }
        return json(200, { mailbox: connected('idle') });
      },
    });
    const item = await screen.findByRole('listitem', { name: 'ada@gmail.test' });
    expect(within(item).getByText('Sync error')).toBeTruthy();
    expect(
      within(item).getByText('IMAP: the server refused the user name or password'),
    ).toBeTruthy();
    fireEvent.click(
      within(item).getByRole('button', { name: 'Enter the password of ada@gmail.test again' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect ada@gmail.test' });
    const submit = within(dialog).getByRole('button', { name: 'Reconnect' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('App password'), {
      target: { value: 'wrong-again' },
    });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'IMAP: the server refused the user name or password',
    );
    fireEvent.change(within(dialog).getByLabelText('App password'), {
      target: { value: 'new-app-pass' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('ada@gmail.test is connected again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(given).toEqual([
      { mailboxId: connected('idle').id, password: 'wrong-again' },
      { mailboxId: connected('idle').id, password: 'new-app-pass' },
    ]);
    // Never shown again, never kept in the page.
    expect(document.body.textContent).not.toContain('new-app-pass');
  });

  it('asks for the password when a disconnected mailbox is resumed', async () => {
    await renderTab({
      'GET /api/mail/mailboxes': json(200, { mailboxes: [connected('paused')] }),
      'POST /api/mail/mailboxes/resume': json(409, {
        detail: 'The mailbox is disconnected: give its password again to reconnect it',
        code: 'CONFLICT',
      }),
    });
    const item = await screen.findByRole('listitem', { name: 'ada@gmail.test' });
    fireEvent.click(within(item).getByRole('button', { name: 'Resume syncing ada@gmail.test' }));
    expect(await screen.findByRole('dialog', { name: 'Reconnect ada@gmail.test' })).toBeTruthy();
  });

  it('offers no changes to a viewer and says who adds mailboxes', async () => {
    await renderTab({ 'GET /api/mail/mailboxes': json(200, { mailboxes: [theirs] }) }, 'viewer');
    expect(await screen.findByText('No mailbox yet')).toBeTruthy();
    expect(screen.getByText(/an admin or contributor adds mailboxes/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a mailbox' })).toBeNull();
  });
});

describe('the trusted senders', () => {
  type Sender = { id: string; address: string; createdAt: string };
  const sender = (n: number, address: string): Sender => ({
    id: `00000000-0000-4000-8000-00000000050${n}`,
    address,
    createdAt: '2026-11-20T09:00:00.000Z',
  });

  it('lists the member’s trusted senders and removes one', async () => {
    let senders = [sender(1, 'news@shop.test'), sender(2, 'team@partner.test')];
    const removed: unknown[] = [];
    await renderTab({
      'GET /api/mail/trusted-senders': () => json(200, { senders }),
      'POST /api/mail/trusted-senders/delete': (init) => {
        const body = JSON.parse(String(init.body)) as { senderId: string };
        removed.push(body);
        senders = senders.filter((s) => s.id !== body.senderId);
        return new Response(null, { status: 204 });
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Trusted senders' })).closest(
      'section',
    )!;
    const list = await within(card as HTMLElement).findByRole('list', { name: 'Trusted senders' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['news@shop.test', 'team@partner.test']);
    expect(within(list).getAllByText(/^Trusted since /)).toHaveLength(2);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove news@shop.test' }));
    expect(
      await screen.findByText('news@shop.test removed: their images are held back again.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: 'news@shop.test' })).toBeNull(),
    );
    expect(within(list).getByRole('listitem', { name: 'team@partner.test' })).toBeTruthy();
    expect(removed).toEqual([{ senderId: sender(1, '').id }]);
  });

  it('says when there is none, when the list fails, and when a removal is refused', async () => {
    await renderTab();
    expect(await screen.findByText('No trusted sender')).toBeTruthy();
    vi.unstubAllGlobals();
    cleanup();

    let fail = true;
    await renderTab({
      'GET /api/mail/trusted-senders': () =>
        fail
          ? json(500, { detail: 'Something broke', code: 'INTERNAL' })
          : json(200, { senders: [sender(3, 'gone@shop.test')] }),
      'POST /api/mail/trusted-senders/delete': json(404, {
        detail: 'No such trusted sender',
        code: 'NOT_FOUND',
      }),
    });
    expect(await screen.findByText(/Your trusted senders could not be loaded\./)).toBeTruthy();
    fail = false;
    const card = screen.getByRole('heading', { name: 'Trusted senders' }).closest('section')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove gone@shop.test' }));
    expect(await screen.findByText(/gone@shop\.test could not be removed\./)).toBeTruthy();
  });

  it('lets a viewer keep their own list too', async () => {
    await renderTab(
      {
        'GET /api/mail/mailboxes': json(200, { mailboxes: [theirs] }),
        'GET /api/mail/trusted-senders': json(200, { senders: [sender(4, 'v@shop.test')] }),
      },
      'viewer',
    );
    expect(await screen.findByRole('button', { name: 'Remove v@shop.test' })).toBeTruthy();
  });
});
