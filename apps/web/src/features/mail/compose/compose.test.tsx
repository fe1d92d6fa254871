import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import type { EmailTemplate, Mail, Mailbox } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import type { UploadTransport } from '../../../components/upload/index.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { ComposeProvider, useCompose, type ComposeOptions, type ComposeUser } from './index.ts';

vi.setConfig({ testTimeout: 60_000 });
// ProseMirror measures ranges to scroll the caret into view; jsdom has no layout.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const noRect = () => new DOMRect(0, 0, 0, 0);
if (!Range.prototype.getClientRects) Range.prototype.getClientRects = noRects;
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = noRect;

// The windows load lazily (their own chunk): loaded once here, not inside a test's wait.
beforeAll(async () => {
  await import('./compose-dock.tsx');
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MAILBOX = '00000000-0000-4000-8000-0000000000c1';
const mailbox: Mailbox = {
  id: MAILBOX,
  kind: 'beacon',
  address: 'ada@northwind.test',
  displayName: 'Ada Lovelace',
  ownerId: 'user-1',
  shared: false,
  signature: 'Ada Lovelace\nAnalytical Engines',
  connection: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const othersMailbox: Mailbox = {
  ...mailbox,
  id: '00000000-0000-4000-8000-0000000000c2',
  address: 'leo@northwind.test',
  ownerId: 'user-2',
};

const ORIGINAL = '00000000-0000-4000-8000-0000000000b1';
const original: Mail = {
  id: ORIGINAL,
  mailboxId: MAILBOX,
  threadId: 't-1',
  folder: 'inbox',
  labels: ['inbox'],
  from: { name: 'Grace Hopper', address: 'grace@navy.test' },
  to: [
    { name: 'Ada', address: 'ada@northwind.test' },
    { name: 'Kay', address: 'kay@navy.test' },
  ],
  subject: 'Compilers',
  snippet: 'Can we talk?',
  date: '2026-11-27T09:00:00.000Z',
  isUnread: false,
  isStarred: false,
  isImportant: false,
  hasAttachments: false,
  direction: 'in',
  status: 'received',
  sendAt: null,
  spoofed: false,
  threadCount: 1,
  cc: [{ name: '', address: 'bob@navy.test' }],
  bcc: [],
  replyTo: [],
  messageId: 'm1@navy.test',
  inReplyTo: null,
  references: [],
  text: 'Can we talk about compilers?',
  html: null,
  hasRemoteImages: false,
  remoteImagesAllowed: false,
  attachments: [],
  auth: null,
  error: null,
  links: [],
  respondsTo: null,
};

const template: EmailTemplate = {
  id: '00000000-0000-4000-8000-0000000000d1',
  kind: 'template',
  name: 'First touch',
  subject: 'Quick question, {{firstName}}',
  body: 'Hi {{firstName}},\n\nHow is {{companyName}} doing?',
  createdBy: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

const sentMail = (status: Mail['status'] = 'queued'): Mail => ({
  ...original,
  id: '00000000-0000-4000-8000-0000000000e1',
  folder: status === 'scheduled' ? 'scheduled' : 'sent',
  direction: 'out',
  status,
  sendAt: status === 'scheduled' ? '2030-01-01T08:00:00.000Z' : null,
  subject: 'Hello',
});

const writer: ComposeUser = {
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  workspaceName: 'Northwind',
};

/** Uploads in a test: the file "arrives" at once with a fixed id. */
const transport: UploadTransport = async (file, { onProgress }) => {
  onProgress(file.size);
  return '00000000-0000-4000-8000-0000000000f1';
};

function Opener({ options, label = 'Open compose' }: { options?: ComposeOptions; label?: string }) {
  const { openCompose } = useCompose();
  return <button onClick={() => openCompose(options)}>{label}</button>;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

async function renderCompose(
  entry = '/dashboard',
  routes: Record<string, Parameters<typeof stubApi>[0][string]> = {},
  openers: { options?: ComposeOptions; label?: string }[] = [{}],
) {
  const posts: Record<string, unknown[]> = {};
  const record =
    (path: string, answer: unknown, status = 200) =>
    (init: RequestInit) => {
      (posts[path] ??= []).push(JSON.parse(String(init.body)));
      return json(status, answer);
    };
  const api = stubApi({
    'GET /api/mail/mailboxes': json(200, { mailboxes: [mailbox, othersMailbox] }),
    'GET /api/templates': json(200, [template]),
    'GET /api/people': json(200, {
      items: [
        samplePerson({
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@navy.test',
          companyName: 'Navy',
        }),
      ],
      nextCursor: null,
    }),
    'GET /api/members/directory': json(200, []),
    'GET /api/mail/mail': json(200, { mail: original }),
    'POST /api/mail/send': record('send', { mail: sentMail() }, 201),
    'POST /api/mail/reply': record('reply', { mail: sentMail() }, 201),
    'POST /api/mail/forward': record('forward', { mail: sentMail() }, 201),
    'POST /api/mail/drafts/save': record('draft', { mail: sentMail('draft') }),
    'POST /api/mail/undo-send': record('undo', { mail: sentMail('draft') }),
    ...routes,
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[entry]}>
            <ComposeProvider user={writer} uploadTransport={transport}>
              {openers.map((o, i) => (
                <Opener key={i} {...o} />
              ))}
              <Where />
            </ComposeProvider>
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { api, posts };
}

async function openWindow(label = 'Open compose') {
  fireEvent.click(screen.getByRole('button', { name: label }));
  return screen.findByRole(
    'dialog',
    { name: /New message|Reply|Forward|Re:|Fwd:/ },
    { timeout: 20_000 },
  );
}

function addRecipient(dialog: HTMLElement, address: string, field = 'To') {
  const input = within(dialog).getByRole('combobox', { name: field });
  fireEvent.change(input, { target: { value: `${address},` } });
}

describe('Compose', () => {
  it('sends from the member’s mailbox with recipients, an attachment and the signature, then offers Undo', async () => {
    const { posts } = await renderCompose();
    const dialog = await openWindow();
    // Only the member's own mailboxes (and shared ones) are offered.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'From' }).textContent).toContain(
        'ada@northwind.test',
      ),
    );
    addRecipient(dialog, 'grace@navy.test');
    expect(within(dialog).getByText('grace@navy.test')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), {
      target: { value: 'Hello' },
    });
    expect(within(dialog).getByTestId('compose-signature').textContent).toContain(
      'Analytical Engines',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach files' }));
    const file = new File(['a,b\n1,2\n'], 'offer.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('upload-files-input'), {
      target: { files: [file] },
    });
    expect(await within(dialog).findByText(/offer\.csv · /)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByTestId('upload-list')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts.send).toHaveLength(1));
    const body = posts.send?.[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      mailboxId: MAILBOX,
      to: ['grace@navy.test'],
      subject: 'Hello',
      attachmentIds: ['00000000-0000-4000-8000-0000000000f1'],
    });
    expect(String(body.html)).toContain('-- <br>Ada Lovelace<br>Analytical Engines');
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Hello' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(posts.undo).toEqual([{ mailId: sentMail().id }]));
    // The message opens again as it was, as the draft the server made of it.
    const again = await screen.findByRole('dialog', { name: 'Hello' });
    expect(within(again).getByText('grace@navy.test')).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts.send).toHaveLength(2));
    expect(posts.send?.[1]).toMatchObject({ draftId: sentMail().id });
  });

  it('refuses to send without a recipient or with a bad address', async () => {
    const { posts } = await renderCompose();
    const dialog = await openWindow();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'From' }).textContent).toContain(
        'ada@northwind.test',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Add at least one recipient.')).toBeTruthy();
    addRecipient(dialog, 'not-an-address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      (await within(dialog).findAllByText('“not-an-address” is not an e-mail address.')).length,
    ).toBeGreaterThan(0);
    expect(posts.send).toBeUndefined();
  });

  it('saves a draft when a window with something written is closed, and nothing when empty', async () => {
    const { posts } = await renderCompose();
    let dialog = await openWindow();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close (saves a draft)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts.draft).toBeUndefined();

    dialog = await openWindow();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'From' }).textContent).toContain(
        'ada@northwind.test',
      ),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), {
      target: { value: 'Later' },
    });
    addRecipient(dialog, 'kay@navy.test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close (saves a draft)' }));
    await waitFor(() => expect(posts.draft).toHaveLength(1));
    expect(posts.draft?.[0]).toMatchObject({
      mailboxId: MAILBOX,
      to: ['kay@navy.test'],
      subject: 'Later',
    });
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('prefills a reply all from the original and sends it in its thread', async () => {
    const { posts } = await renderCompose('/dashboard', {}, [
      { options: { replyTo: { mailId: ORIGINAL, mode: 'replyAll' } }, label: 'Reply all' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reply all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re: Compilers' });
    expect(within(dialog).getByText('grace@navy.test')).toBeTruthy();
    // The member's own address is not among the recipients; the others are in cc.
    expect(
      within(dialog).queryByText('ada@northwind.test', { selector: '.MuiChip-label' }),
    ).toBeNull();
    expect(within(dialog).getByText('kay@navy.test')).toBeTruthy();
    expect(within(dialog).getByText('bob@navy.test')).toBeTruthy();
    expect(within(dialog).getByTestId('compose-editor').textContent).toContain(
      'Can we talk about compilers?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts.reply).toHaveLength(1));
    expect(posts.reply?.[0]).toMatchObject({
      mailId: ORIGINAL,
      all: true,
      to: ['grace@navy.test'],
      cc: ['kay@navy.test', 'bob@navy.test'],
      subject: 'Re: Compilers',
    });
    expect(String((posts.reply?.[0] as { html: string }).html)).toContain('<blockquote>');
  });

  it('forwards with Fwd: and nobody yet', async () => {
    const { posts } = await renderCompose('/dashboard', {}, [
      { options: { replyTo: { mailId: ORIGINAL, mode: 'forward' } }, label: 'Forward' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fwd: Compilers' });
    addRecipient(dialog, 'lin@partner.test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts.forward).toHaveLength(1));
    expect(posts.forward?.[0]).toMatchObject({ mailId: ORIGINAL, to: ['lin@partner.test'] });
  });

  it('fills a template’s variables from the first recipient when they are a person of the CRM', async () => {
    await renderCompose();
    const dialog = await openWindow();
    addRecipient(dialog, 'grace@navy.test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Templates and snippets' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'First touch' }));
    expect(await within(dialog).findByText('Filled in for Grace Hopper.')).toBeTruthy();
    expect(
      (within(dialog).getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value,
    ).toBe('Quick question, Grace');
    await waitFor(() =>
      expect(within(dialog).getByTestId('compose-editor').textContent).toContain(
        'How is Navy doing?',
      ),
    );
  });

  it('docks: minimise, restore, maximise; at most three windows open', async () => {
    await renderCompose();
    const first = await openWindow();
    fireEvent.click(within(first).getByRole('button', { name: 'Minimise' }));
    expect(first.getAttribute('data-state')).toBe('minimized');
    fireEvent.click(within(first).getByRole('button', { name: 'Open' }));
    expect(first.getAttribute('data-state')).toBe('open');
    fireEvent.click(within(first).getByRole('button', { name: 'Full screen' }));
    expect(first.getAttribute('data-state')).toBe('maximized');
    fireEvent.click(within(first).getByRole('button', { name: 'Exit full screen' }));

    fireEvent.click(screen.getByRole('button', { name: 'Open compose' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open compose' }));
    await waitFor(() => expect(screen.getAllByTestId('compose-window')).toHaveLength(3));
    // Opening one docks the others as bars.
    expect(
      screen.getAllByTestId('compose-window').map((w) => w.getAttribute('data-state')),
    ).toEqual(['open', 'minimized', 'minimized']);
    fireEvent.click(screen.getByRole('button', { name: 'Open compose' }));
    expect(
      await screen.findByText('At most 3 messages can be open: close one first.'),
    ).toBeTruthy();
    expect(screen.getAllByTestId('compose-window')).toHaveLength(3);
  });

  it('opens from ?compose=new&to= on any page and leaves the address clean', async () => {
    await renderCompose(
      '/dashboard/people/1?tab=notes&compose=new&to=grace%40navy.test&personId=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    expect(within(dialog).getByText('grace@navy.test')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?tab=notes'));
  });

  it('says when the member has no mailbox to send from', async () => {
    await renderCompose('/dashboard', {
      'GET /api/mail/mailboxes': json(200, { mailboxes: [othersMailbox] }),
    });
    const dialog = await openWindow();
    expect(await within(dialog).findByText('You have no mailbox to send from yet.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Add a mailbox' }).getAttribute('href')).toBe(
      '/dashboard/user/account?tab=mailboxes',
    );
    expect(within(dialog).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('keeps a reply’s link when it is closed as a draft, and reopens the saved draft as that reply', async () => {
    const DRAFT = '00000000-0000-4000-8000-0000000000e7';
    const saved: Mail = {
      ...original,
      id: DRAFT,
      folder: 'drafts',
      labels: ['drafts'],
      direction: 'out',
      status: 'draft',
      from: { name: 'Ada Lovelace', address: 'ada@northwind.test' },
      to: [{ name: '', address: 'grace@navy.test' }],
      cc: [{ name: '', address: 'bob@navy.test' }],
      subject: 'Re: Compilers',
      text: 'Thursday works.',
      // An undone send was kept with its signature.
      html: '<p dir="auto">Thursday works.</p><p>-- <br />Ada Lovelace</p>',
      attachments: [
        {
          id: '00000000-0000-4000-8000-0000000000a9',
          name: 'agenda.pdf',
          mimeType: 'application/pdf',
          size: 2048,
          inline: false,
          contentId: null,
        },
      ],
      inReplyTo: original.messageId,
      respondsTo: { mailId: ORIGINAL, mode: 'replyAll' },
    };
    const { posts } = await renderCompose(
      '/dashboard',
      {
        'GET /api/mail/mail': (_init, url) =>
          json(200, {
            mail: new URL(url, 'http://x').searchParams.get('mailId') === DRAFT ? saved : original,
          }),
      },
      [
        { options: { replyTo: { mailId: ORIGINAL, mode: 'reply' } }, label: 'Reply' },
        { options: { draftId: DRAFT }, label: 'Open the draft' },
      ],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const reply = await screen.findByRole('dialog', { name: 'Re: Compilers' });
    fireEvent.click(within(reply).getByRole('button', { name: 'Close (saves a draft)' }));
    await waitFor(() => expect(posts.draft).toHaveLength(1));
    expect(posts.draft?.[0]).toMatchObject({
      mailboxId: MAILBOX,
      to: ['grace@navy.test'],
      subject: 'Re: Compilers',
      respondsTo: { mailId: ORIGINAL, mode: 'reply' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // From the mail app's Drafts: the saved draft, as the reply all it was.
    fireEvent.click(screen.getByRole('button', { name: 'Open the draft' }));
    const again = await screen.findByRole('dialog', { name: 'Re: Compilers' });
    await waitFor(() =>
      expect(within(again).getByTestId('compose-editor').textContent).toContain('Thursday works.'),
    );
    expect(within(again).getByText('grace@navy.test')).toBeTruthy();
    expect(within(again).getByText('bob@navy.test')).toBeTruthy();
    expect(within(again).getByText(/agenda\.pdf · /)).toBeTruthy();
    // A reply leaves from the original's mailbox: shown, not chosen.
    expect(
      within(again).getByText('Replies go out from the mailbox that received the message.'),
    ).toBeTruthy();
    // Its signature is in it already: not offered a second time.
    expect(
      (within(again).getByRole('checkbox', { name: 'Add my signature' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    fireEvent.click(within(again).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts.reply).toHaveLength(1));
    const body = posts.reply?.[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      mailId: ORIGINAL,
      all: true,
      draftId: DRAFT,
      to: ['grace@navy.test'],
      cc: ['bob@navy.test'],
      subject: 'Re: Compilers',
      attachmentIds: ['00000000-0000-4000-8000-0000000000a9'],
    });
    expect(String(body.html).match(/-- <br/g)).toHaveLength(1);
    expect(posts.send).toBeUndefined();
  });

  it('says when a saved draft cannot be opened', async () => {
    await renderCompose(
      '/dashboard',
      { 'GET /api/mail/mail': json(404, { detail: 'No such mail', code: 'NOT_FOUND' }) },
      [{ options: { draftId: '00000000-0000-4000-8000-0000000000e8' }, label: 'Open the draft' }],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    expect(await within(dialog).findByText(/The draft could not be opened\./)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('sets the direction of each paragraph from the toolbar and keeps dir in the HTML it sends', async () => {
    const { posts } = await renderCompose('/dashboard', {}, [
      { options: { replyTo: { mailId: ORIGINAL, mode: 'reply' } }, label: 'Reply' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re: Compilers' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('compose-editor').textContent).toContain(
        'Can we talk about compilers?',
      ),
    );
    const editor = within(dialog).getByTestId('compose-editor');
    const rtl = within(dialog).getByRole('button', { name: 'Right to left' });
    const ltr = within(dialog).getByRole('button', { name: 'Left to right' });
    // Every block reads its own way until told: the caret's (the first) paragraph and the quote.
    expect(editor.querySelector('p')?.getAttribute('dir')).toBe('auto');
    expect(editor.querySelector('blockquote')?.getAttribute('dir')).toBe('auto');
    expect(rtl.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(rtl);
    await waitFor(() => expect(editor.querySelector('p')?.getAttribute('dir')).toBe('rtl'));
    expect(rtl.getAttribute('aria-pressed')).toBe('true');
    expect(ltr.getAttribute('aria-pressed')).toBe('false');
    // Only the caret's paragraph: the quote keeps its own direction.
    expect(editor.querySelector('blockquote')?.getAttribute('dir')).toBe('auto');
    // Left to right, then pressed again: back to its own direction, then right to left to send.
    fireEvent.click(ltr);
    await waitFor(() => expect(editor.querySelector('p')?.getAttribute('dir')).toBe('ltr'));
    fireEvent.click(ltr);
    await waitFor(() => expect(editor.querySelector('p')?.getAttribute('dir')).toBe('auto'));
    expect(ltr.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(rtl);
    await waitFor(() => expect(rtl.getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts.reply).toHaveLength(1));
    const html = String((posts.reply?.[0] as { html: string }).html);
    expect(html.startsWith('<p dir="rtl">')).toBe(true);
    expect(html).toMatch(/<blockquote dir="auto">/);
  });

  it('shows the server’s words when sending fails and keeps the window', async () => {
    await renderCompose('/dashboard', {
      'POST /api/mail/send': json(413, {
        detail: 'The attachments weigh 31 MB; at most 30 MB',
        code: 'PAYLOAD_TOO_LARGE',
      }),
    });
    const dialog = await openWindow();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'From' }).textContent).toContain(
        'ada@northwind.test',
      ),
    );
    addRecipient(dialog, 'grace@navy.test');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('30 MB');
  });
});
