import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import type { Mail, Mailbox, MailLabel, MailSummary } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { ComposeBridgeContext, type ComposeRequest } from '../compose-bridge.ts';
import { MailPage } from './mail-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const MAILBOX = '00000000-0000-4000-8000-00000000b0c1';
const LABEL = '00000000-0000-4000-8000-0000000001ab';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const D = '00000000-0000-4000-8000-00000000000d';

const mailbox: Mailbox = {
  id: MAILBOX,
  kind: 'beacon',
  address: 'demo@northwind.beacon.local',
  displayName: 'Demo',
  ownerId: 'user-1',
  shared: false,
  signature: '',
  connection: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};

const system = (id: string, unread: number, total = unread): MailLabel => ({
  id,
  type: 'system',
  name: '',
  color: 'default',
  mailboxId: null,
  unreadCount: unread,
  totalCount: total,
});
const labels: MailLabel[] = [
  system('all', 1, 3),
  system('inbox', 2, 3),
  system('sent', 1),
  system('drafts', 1),
  system('scheduled', 0),
  system('starred', 0),
  system('important', 0),
  system('archive', 0),
  system('spam', 0),
  system('trash', 0),
  {
    id: LABEL,
    type: 'custom',
    name: 'Follow up',
    color: 'warning',
    mailboxId: MAILBOX,
    unreadCount: 1,
    totalCount: 1,
  },
];

const summary = (id: string, extra: Partial<MailSummary> = {}): MailSummary => ({
  id,
  mailboxId: MAILBOX,
  threadId: `t-${id}`,
  folder: 'inbox',
  labels: ['inbox'],
  from: { name: 'Grace Hopper', address: 'grace@navy.test' },
  to: [{ name: 'Demo', address: 'demo@northwind.beacon.local' }],
  subject: 'Compilers',
  snippet: 'Shall we meet on Thursday?',
  date: '2026-11-27T09:00:00.000Z',
  isUnread: true,
  isStarred: false,
  isImportant: false,
  hasAttachments: false,
  direction: 'in',
  status: 'received',
  sendAt: null,
  spoofed: false,
  threadCount: 1,
  ...extra,
});

const full = (s: MailSummary, extra: Partial<Mail> = {}): Mail => ({
  ...s,
  cc: [],
  bcc: [],
  replyTo: [],
  messageId: `${s.id}@navy.test`,
  inReplyTo: null,
  references: [],
  text: 'Shall we meet on Thursday?',
  html: null,
  hasRemoteImages: false,
  remoteImagesAllowed: false,
  attachments: [],
  auth: null,
  error: null,
  links: [],
  respondsTo: null,
  ...extra,
});

const a = summary(A);
const b = summary(B, {
  from: { name: 'Ada Lovelace', address: 'ada@analytical.test' },
  subject: 'Offer with pictures',
  isUnread: false,
  labels: ['inbox', LABEL],
  hasAttachments: true,
});
const bFull = full(b, {
  html: '<p>Our offer</p><img data-remote-src="https://tracker.example/p.png" alt="pixel">',
  hasRemoteImages: true,
  attachments: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      name: 'offer.pdf',
      mimeType: 'application/pdf',
      size: 2048,
      inline: false,
      contentId: null,
    },
  ],
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

async function renderPage(
  entry: string,
  {
    canEdit = true,
    mails = [a, b],
    compose,
    routes = {},
  }: {
    canEdit?: boolean;
    mails?: MailSummary[];
    compose?: (request: ComposeRequest) => void;
    routes?: Parameters<typeof stubApi>[0];
  } = {},
) {
  const posts: { path: string; body: unknown }[] = [];
  const remoteAsked: string[] = [];
  const post = (path: string) => (init: RequestInit) => {
    posts.push({ path, body: JSON.parse(String(init.body)) });
    return json(200, { mailIds: [] });
  };
  const api = stubApi({
    'GET /api/mail/mailboxes': json(200, { mailboxes: [mailbox] }),
    'GET /api/mail/labels': json(200, { labels }),
    'GET /api/mail/mails': json(200, { mails, nextCursor: null }),
    'GET /api/mail/thread': (_init, url) => {
      const id = new URL(url, 'http://x').searchParams.get('mailId');
      const mail = id === B ? bFull : full(a);
      return json(200, { threadId: mail.threadId, mails: [mail] });
    },
    'POST /api/mail/star': post('/api/mail/star'),
    'POST /api/mail/read': post('/api/mail/read'),
    'POST /api/mail/archive': post('/api/mail/archive'),
    'POST /api/mail/labels/apply': post('/api/mail/labels/apply'),
    'POST /api/mail/trusted-senders/add': (init) => {
      posts.push({ path: '/api/mail/trusted-senders/add', body: JSON.parse(String(init.body)) });
      return json(201, {
        sender: {
          id: '00000000-0000-4000-8000-0000000005e1',
          address: 'ada@analytical.test',
          createdAt: '2026-11-27T10:00:00.000Z',
        },
      });
    },
    'GET /api/mail/remote-image': (_init, url) => {
      remoteAsked.push(new URL(url, 'http://x').searchParams.get('url') ?? '');
      return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
        status: 200,
        headers: { 'content-type': 'image/png' },
      });
    },
    ...routes,
  });
  const i18n = await initTestI18n('en');
  const page = <MailPage scope="mailbox" canEdit={canEdit} userId="user-1" />;
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[entry]}>
            {compose ? (
              <ComposeBridgeContext.Provider value={{ openCompose: compose }}>
                {page}
              </ComposeBridgeContext.Provider>
            ) : (
              page
            )}
            <Where />
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { api, posts, remoteAsked };
}

const listCalls = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/mail/mails');

describe('MailPage', () => {
  it('shows the labels with their counts, the list, and opens a mail from the address', async () => {
    const { posts } = await renderPage(`/dashboard/mail?label=inbox&mail=${A}`);
    const nav = await screen.findByRole('navigation', { name: 'Mail labels' });
    const inbox = within(nav).getByRole('button', { name: /Inbox/ });
    expect(inbox.getAttribute('aria-current')).toBe('page');
    expect(within(inbox).getByLabelText('2 unread')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: /^Follow up/ })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Mails' });
    expect(within(list).getAllByTestId('mail-row')).toHaveLength(2);
    expect(within(list).getByText('Follow up')).toBeTruthy();
    const reader = screen.getByRole('region', { name: 'Reading' });
    expect(await within(reader).findByRole('heading', { name: 'Compilers' })).toBeTruthy();
    expect(within(reader).getByText('Shall we meet on Thursday?')).toBeTruthy();
    // Opened unread: marked read.
    await waitFor(() =>
      expect(posts).toContainEqual({ path: '/api/mail/read', body: { mailIds: [A], value: true } }),
    );
  });

  it('opens a mail from the list into the address, and back closes it', async () => {
    await renderPage('/dashboard/mail');
    const list = await screen.findByRole('list', { name: 'Mails' });
    fireEvent.click(within(list).getByRole('button', { name: /Offer with pictures/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain(`mail=${B}`));
    expect(screen.getByTestId('where').textContent).toContain('label=inbox');
    const reader = screen.getByRole('region', { name: 'Reading' });
    expect(
      await within(reader).findByRole('heading', { name: 'Offer with pictures' }),
    ).toBeTruthy();
    expect(within(reader).getByRole('button', { name: 'Download offer.pdf' })).toBeTruthy();
  });

  it('shows HTML in a sandboxed frame with remote images held back until allowed', async () => {
    const { posts, remoteAsked } = await renderPage(`/dashboard/mail?mail=${B}`);
    const frame = (await screen.findByTestId('mail-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain("script-src 'none'");
    expect(doc).toContain('img-src data:"');
    expect(doc).not.toMatch(/\ssrc="https:/);
    const bar = screen.getByRole('region', { name: 'Remote images' });
    expect(remoteAsked).toEqual([]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Show images' }));
    // The image comes through the server, as data.
    await waitFor(() =>
      expect(screen.getByTestId('mail-frame').getAttribute('srcdoc')).toContain(
        'src="data:image/png;base64,',
      ),
    );
    expect(screen.getByTestId('mail-frame').getAttribute('srcdoc')).not.toMatch(/\ssrc="https:/);
    expect(remoteAsked).toEqual(['https://tracker.example/p.png']);
    expect(screen.queryByRole('region', { name: 'Remote images' })).toBeNull();
    expect(posts.some((p) => p.path === '/api/mail/trusted-senders/add')).toBe(false);
  });

  it('trusts a sender for good', async () => {
    const { posts } = await renderPage(`/dashboard/mail?mail=${B}`);
    const bar = await screen.findByRole('region', { name: 'Remote images' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Always show from this sender' }));
    await waitFor(() =>
      expect(posts).toContainEqual({
        path: '/api/mail/trusted-senders/add',
        body: { address: 'ada@analytical.test' },
      }),
    );
    expect(
      await screen.findByText('Images from ada@analytical.test will show from now on.'),
    ).toBeTruthy();
  });

  it('stars a mail from the list and archives a selection', async () => {
    const { posts } = await renderPage('/dashboard/mail');
    const list = await screen.findByRole('list', { name: 'Mails' });
    fireEvent.click(within(list).getAllByRole('button', { name: 'Star' })[0]!);
    await waitFor(() =>
      expect(posts).toContainEqual({ path: '/api/mail/star', body: { mailIds: [A], value: true } }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every mail shown' }));
    const bulk = screen.getByRole('toolbar', { name: 'Actions on the selected mails' });
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bulk).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(posts).toContainEqual({ path: '/api/mail/archive', body: { mailIds: [A, B] } }),
    );
    expect(await screen.findByText('2 mails archived.')).toBeTruthy();
  });

  it('applies a custom label to the open thread', async () => {
    const { posts } = await renderPage(`/dashboard/mail?mail=${A}`);
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions on this conversation' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Labels' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Follow up' }));
    await waitFor(() =>
      expect(posts).toContainEqual({
        path: '/api/mail/labels/apply',
        body: { mailIds: [A], labelId: LABEL },
      }),
    );
  });

  it('searches and filters through the address', async () => {
    const { api } = await renderPage('/dashboard/mail?label=inbox');
    await screen.findByRole('list', { name: 'Mails' });
    fireEvent.change(screen.getByRole('searchbox', { name: /Search the subject/ }), {
      target: { value: 'compilers' },
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('q=compilers'));
    await waitFor(() =>
      expect(listCalls(api).some((u) => u.searchParams.get('search') === 'compilers')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const form = await screen.findByRole('search', { name: 'Filters' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Unread only' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        listCalls(api).some(
          (u) =>
            u.searchParams.get('unread') === 'true' && u.searchParams.get('search') === 'compilers',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Filters (1 on)' })).toBeTruthy();
  });

  it('says when a label is empty, and when the list fails', async () => {
    await renderPage('/dashboard/mail?label=spam', { mails: [] });
    expect(await screen.findByText('Nothing here')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('shows the error with a retry when the list cannot load', async () => {
    await renderPage('/dashboard/mail', {
      routes: { 'GET /api/mail/mails': json(500, { detail: 'boom', code: 'INTERNAL' }) },
    });
    expect(await screen.findByText(/The mails could not be loaded\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lets a viewer read without actions', async () => {
    const { posts } = await renderPage(`/dashboard/mail?mail=${A}`, { canEdit: false });
    expect(
      await screen.findByText('You can read this mail; your role cannot change it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select every mail shown' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Star' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New label' })).toBeNull();
    expect(posts).toEqual([]);
  });

  it('hides Compose and Reply without a compose dialog, and asks it when there is one', async () => {
    await renderPage(`/dashboard/mail?mail=${A}`);
    await screen.findByRole('heading', { name: 'Compilers' });
    expect(screen.queryByRole('button', { name: 'Compose' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('asks the compose dialog to reply and forward', async () => {
    const asked: ComposeRequest[] = [];
    await renderPage(`/dashboard/mail?mail=${A}`, { compose: (r) => asked.push(r) });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compose' }));
    expect(asked).toEqual([
      { replyTo: { mailId: A, mode: 'reply' } },
      { replyTo: { mailId: A, mode: 'forward' } },
      { mailboxId: MAILBOX },
    ]);
  });

  it('opens a draft in the compose dialog, and a reply’s draft from its thread (record 064)', async () => {
    const asked: ComposeRequest[] = [];
    const draft = summary(D, {
      folder: 'drafts',
      labels: ['drafts'],
      status: 'draft',
      direction: 'out',
      isUnread: false,
      threadId: a.threadId,
      from: { name: 'Demo', address: 'demo@northwind.beacon.local' },
      subject: 'Re: Compilers (draft)',
    });
    const thread = [full(a), full(draft, { respondsTo: { mailId: A, mode: 'reply' } })];
    await renderPage('/dashboard/mail?label=drafts', {
      mails: [draft],
      compose: (r) => asked.push(r),
      routes: {
        'GET /api/mail/thread': json(200, { threadId: a.threadId, mails: thread }),
      },
    });
    // From the Drafts list: the draft opens where it is written, not in the reader.
    fireEvent.click((await screen.findByText('Re: Compilers (draft)')).closest('button')!);
    expect(asked).toEqual([{ draftId: D }]);
    expect(screen.getByTestId('where').textContent).not.toContain('mail=');
    vi.unstubAllGlobals();
  });

  it('shows a reply’s draft open in its thread with Edit draft, and answers the last mail that is not a draft', async () => {
    const asked: ComposeRequest[] = [];
    const draft = summary(D, {
      folder: 'drafts',
      labels: ['drafts'],
      status: 'draft',
      direction: 'out',
      isUnread: false,
      threadId: a.threadId,
      from: { name: 'Demo', address: 'demo@northwind.beacon.local' },
    });
    const thread = [full(a), full(draft, { respondsTo: { mailId: A, mode: 'reply' } })];
    await renderPage(`/dashboard/mail?mail=${A}`, {
      compose: (r) => asked.push(r),
      routes: { 'GET /api/mail/thread': json(200, { threadId: a.threadId, mails: thread }) },
    });
    expect(await screen.findByText('This draft has not been sent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit draft' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(asked).toEqual([{ draftId: D }, { replyTo: { mailId: A, mode: 'reply' } }]);
  });

  it('says when the member has no mailbox', async () => {
    await renderPage('/dashboard/mail', {
      routes: { 'GET /api/mail/mailboxes': json(200, { mailboxes: [] }) },
    });
    expect(await screen.findByText('You have no mailbox yet')).toBeTruthy();
  });
});
