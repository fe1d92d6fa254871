import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ChatAttachment } from '@beacon/contract';
import { UploadTransportContext, type UploadTransport } from '../../../components/upload/index.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { ChatComposer } from './chat-composer.tsx';

vi.setConfig({ testTimeout: 30_000 });

const transport: UploadTransport = async (file, { onProgress }) => {
  onProgress(file.size);
  return `upload-${file.name}`;
};

const attachment = (id: string, name: string): ChatAttachment => ({
  id,
  name,
  mimeType: 'image/png',
  size: 68,
  isImage: true,
  previewUrl: null,
});

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderComposer(attach: Route) {
  const sent: unknown[] = [];
  stubApi({
    'GET /api/files': json(200, { items: [], nextCursor: null, folder: null, path: [] }),
    'POST /api/chat/attachments/attach': (init, url) => {
      sent.push(JSON.parse(String(init.body)));
      return attach(init, url);
    },
  });
  const onSend = vi.fn();
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <UploadTransportContext.Provider value={transport}>
          <ChatComposer conversationId="conv-1" members={[]} onSend={onSend} onTyping={() => {}} />
        </UploadTransportContext.Provider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { onSend, sent };
}

/** Opens the picker from the paperclip, sends `name` and confirms. */
async function pick(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Attach files' }));
  const dialog = await screen.findByRole('dialog', { name: 'Attach files to your message' });
  fireEvent.change(within(dialog).getByTestId('upload-files-input'), {
    target: { files: [new File(['png'], name, { type: 'image/png' })] },
  });
  const use = await within(dialog).findByRole('button', { name: 'Use 1 file' });
  await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(use);
  return dialog;
}

describe('ChatComposer', () => {
  it('takes files through the shared picker and sends them with the message', async () => {
    const { onSend, sent } = await renderComposer(() =>
      json(201, { attachments: [attachment('att-1', 'dot.png')] }),
    );
    await pick('dot.png');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Attach files to your message' })).toBeNull(),
    );
    expect(sent).toEqual([
      { conversationId: 'conv-1', uploadIds: ['upload-dot.png'], fileIds: [] },
    ]);
    // Held for the message, then sent with it.
    expect(await screen.findByText('dot.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({
      body: '',
      attachments: [attachment('att-1', 'dot.png')],
      mentionIds: [],
    });
  });

  it('words a refused type in the picker, and keeps it open', async () => {
    const { onSend } = await renderComposer(() =>
      json(415, {
        detail: 'Files of this type (image/svg+xml) are not accepted here',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    const dialog = await pick('logo.svg');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Images must be PNG, JPEG, GIF or WebP; other files may be of any type.',
    );
    expect(screen.getByRole('dialog', { name: 'Attach files to your message' })).toBe(dialog);
    expect(onSend).not.toHaveBeenCalled();
  });
});
