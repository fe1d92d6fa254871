import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { ChatConversation, ChatMessage } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { ChatRoom } from './chat-room.tsx';

vi.setConfig({ testTimeout: 30_000 });

const ME = '00000000-0000-4000-8000-0000000000a1';
const ANN = '00000000-0000-4000-8000-0000000000a2';
const ID = '00000000-0000-4000-8000-0000000000c1';

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  conversationId: ID,
  seq,
  body: `Message ${seq}`,
  contentType: 'text',
  attachments: [],
  mentionIds: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  senderId: ANN,
  clientId: null,
  ...extra,
});

const person = (id: string, name: string, lastReadSeq: number) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.test`,
  avatarUrl: null,
  role: 'contributor',
  status: 'online' as const,
  lastActivity: null,
  lastReadSeq,
});

const conversation: ChatConversation = {
  id: ID,
  type: 'direct',
  name: '',
  participants: [person(ME, 'Me', 2), person(ANN, 'Ann', 2)],
  messages: [
    message(1, { body: '<img src=x onerror=alert(1)> see javascript:alert(1)' }),
    message(2, { senderId: ME, body: 'Mine' }),
  ],
  hasOlder: false,
  unreadCount: 0,
  updatedAt: '2026-11-24T10:00:00.000Z',
};

async function setup(
  send: Route | Response,
  shown: ChatConversation = conversation,
  routes: Record<string, Route | Response> = {},
) {
  const i18n = await initTestI18n('en');
  const api = stubApi({
    'GET /api/chat/conversation': json(200, { conversation: shown }),
    'POST /api/chat/messages/new': send,
    ...routes,
  });
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter>
            <ChatRoom conversationId={ID} myId={ME} canEdit />
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  const log = await screen.findByRole('log');
  await within(log).findByText('Mine');
  return { api, log };
}

describe('ChatRoom', () => {
  it('shows bodies as text, never as markup or script links, and my read message as read', async () => {
    const { log } = await setup(json(201, {}));
    expect(within(log).getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(log.querySelector('img')).toBeNull();
    expect(within(log).queryAllByRole('link')).toHaveLength(0);
    expect(within(log).getByRole('img', { name: 'Read' })).toBeTruthy();
  });

  it("shows a member's picture instead of their initials when they have one", async () => {
    const avatarUrl = `/api/members/${ANN}/avatar`;
    // jsdom has no object URLs: the fetched picture gets this one.
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:ann-picture';
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
    });
    const withPicture = {
      ...conversation,
      participants: [person(ME, 'Me', 2), { ...person(ANN, 'Ann Lee', 2), avatarUrl }],
    };
    const { api } = await setup(json(500, {}), withPicture, {
      [`GET ${avatarUrl}`]: new Response(new Blob(['png'], { type: 'image/png' })),
    });
    // In the header and beside Ann's message: her picture, named for her.
    const pictures = await screen.findAllByRole('img', { name: 'Ann Lee' });
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    for (const picture of pictures) expect(picture.getAttribute('src')).toBe('blob:ann-picture');
    expect(api.mock.calls.some(([url]) => String(url).endsWith(avatarUrl))).toBe(true);
  });

  it('shows a message at once, marks it failed when refused, and retries it with its client id', async () => {
    let calls = 0;
    const clientIds: string[] = [];
    const { log } = await setup((init) => {
      calls += 1;
      const body = JSON.parse(String(init.body)) as { clientId: string; body: string };
      clientIds.push(body.clientId);
      if (calls === 1) return json(503, { detail: 'Busy', code: 'NOT_READY' });
      return json(201, {
        message: message(3, { senderId: ME, body: body.body, clientId: body.clientId }),
      });
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello there' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(log).findByText('Hello there')).toBeTruthy();
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    expect(within(log).getAllByText('Hello there')).toHaveLength(1);
    expect(clientIds).toHaveLength(2);
    expect(clientIds[1]).toBe(clientIds[0]);
  });
});
