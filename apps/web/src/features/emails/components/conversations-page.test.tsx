import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Conversation, Mail } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { ConversationsPage, type ConversationsPageProps } from './conversations-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const PERSON = '00000000-0000-4000-8000-0000000000a1';
const conversation: Conversation = {
  id: '00000000-0000-4000-8000-000000000001',
  mailId: '00000000-0000-4000-8000-0000000000b1',
  mailboxId: 'mb-1',
  threadId: 't-1',
  memberId: 'user-1',
  category: 'out_of_office',
  sortedBy: 'rules',
  rule: 'outlook_auto_reply',
  status: 'open',
  returnDate: '2026-12-07',
  personId: PERSON,
  personName: 'Grace Hopper',
  personEmail: 'grace@navy.test',
  personStage: 'approaching',
  companyName: 'Navy',
  from: { name: 'Grace Hopper', address: 'grace@navy.test' },
  subject: 'Automatic reply: Compilers',
  snippet: 'I am out of the office',
  date: '2026-11-27T09:00:00.000Z',
  doneAt: null,
  doneBy: null,
  updatedAt: '2026-11-27T09:00:00.000Z',
};

const mail: Mail = {
  id: conversation.mailId,
  mailboxId: 'mb-1',
  threadId: 't-1',
  folder: 'inbox',
  labels: ['inbox'],
  from: { name: 'Grace Hopper', address: 'grace@navy.test' },
  to: [{ name: 'Sales', address: 'sales@beacon.test' }],
  subject: 'Automatic reply: Compilers',
  snippet: 'I am out of the office',
  date: conversation.date,
  isUnread: true,
  isStarred: false,
  isImportant: false,
  hasAttachments: false,
  direction: 'in',
  status: 'received',
  sendAt: null,
  spoofed: false,
  threadCount: 2,
  cc: [],
  bcc: [],
  replyTo: [],
  messageId: 'ooo@navy.test',
  inReplyTo: 'offer@beacon.test',
  references: ['offer@beacon.test'],
  text: 'I am out of the office until December 7.',
  html: null,
  hasRemoteImages: false,
  remoteImagesAllowed: false,
  attachments: [],
  auth: null,
  error: null,
  links: [],
  respondsTo: null,
};

async function renderPage(
  entry: string,
  canEdit = true,
  taskDialog?: ConversationsPageProps['taskDialog'],
) {
  const patches: unknown[] = [];
  const api = stubApi({
    'GET /api/conversations': json(200, { items: [conversation], nextCursor: null }),
    'GET /api/conversations/counts': json(200, {
      total: 3,
      counts: { interested: 1, not_now: 0, out_of_office: 1, unsubscribe: 1, bounce: 0, other: 0 },
    }),
    [`PATCH /api/conversations/${conversation.id}`]: (init) => {
      patches.push(JSON.parse(String(init.body)));
      return json(200, { ...conversation, category: 'not_now', sortedBy: 'member' });
    },
    'GET /api/mail/mail': json(200, { mail }),
    [`GET /api/people/${PERSON}`]: json(200, {
      person: samplePerson({
        id: PERSON,
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@navy.test',
        emailStatus: 'bounced',
        jobTitle: 'Rear admiral',
        companyName: 'Navy',
        stage: 'approaching',
        consent: { status: 'withdrawn', at: null, method: 'email', note: '' },
      }),
      company: null,
      lists: [],
    }),
    'GET /api/members': json(200, []),
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[entry]}>
            <ConversationsPage canEdit={canEdit} taskDialog={taskDialog} />
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { api, patches };
}

describe('ConversationsPage', () => {
  it('shows the categories with their counts, the list, and a reply with the person', async () => {
    await renderPage('/dashboard/conversations?c=' + conversation.id);
    expect(await screen.findByRole('tab', { name: 'All (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Out of office (1)' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Replies' });
    expect(within(list).getByText('Grace Hopper')).toBeTruthy();
    expect(within(list).getAllByText(/Back /).length).toBeGreaterThan(0);
    expect(await screen.findByText('I am out of the office until December 7.')).toBeTruthy();
    const person = screen.getByRole('complementary', { name: 'Person' });
    expect(await within(person).findByText('E-mail bounced')).toBeTruthy();
    expect(within(person).getByText('Consent withdrawn')).toBeTruthy();
    expect(screen.getByText('Sorted by rule: an Outlook automatic reply')).toBeTruthy();
    const reply = screen.getByRole('link', { name: 'Reply' });
    expect(reply.getAttribute('href')).toContain(`compose=reply&mailId=${conversation.mailId}`);
  });

  it('re-sorts a reply', async () => {
    const { patches } = await renderPage('/dashboard/conversations?c=' + conversation.id);
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions on this reply' });
    fireEvent.mouseDown(within(toolbar).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not now' }));
    await waitFor(() => expect(patches).toEqual([{ category: 'not_now' }]));
    expect(await screen.findByText('Category changed.')).toBeTruthy();
  });

  it('opens the route’s follow-up task dialog for the reply’s person, and closes it', async () => {
    const shown = vi.fn();
    await renderPage('/dashboard/conversations?c=' + conversation.id, true, (props) => {
      shown(props);
      return (
        <div role="dialog" aria-label="Follow-up task">
          <button type="button" onClick={props.onClose}>
            Close it
          </button>
        </div>
      );
    });
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions on this reply' });
    expect(screen.queryByRole('dialog', { name: 'Follow-up task' })).toBeNull();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Create task' }));
    expect(await screen.findByRole('dialog', { name: 'Follow-up task' })).toBeTruthy();
    expect(shown).toHaveBeenLastCalledWith(
      expect.objectContaining({ personId: PERSON, personName: 'Grace Hopper' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close it' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Follow-up task' })).toBeNull(),
    );
  });

  it('offers no Create task when the route gives no task dialog', async () => {
    await renderPage('/dashboard/conversations?c=' + conversation.id);
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions on this reply' });
    expect(within(toolbar).getByRole('link', { name: 'Reply' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Create task' })).toBeNull();
  });

  it('offers no actions to a viewer', async () => {
    vi.unstubAllGlobals();
    await renderPage('/dashboard/conversations?c=' + conversation.id, false);
    await screen.findByText('I am out of the office until December 7.');
    expect(screen.queryByRole('toolbar', { name: 'Actions on this reply' })).toBeNull();
  });
});
