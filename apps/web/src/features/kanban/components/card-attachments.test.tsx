import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { FileItem, KanbanCard } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { UploadTransportContext, type UploadTransport } from '../../../components/upload/index.ts';
import { json, stubApi, type Route } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { card as fixtureCard } from '../state/board-fixtures.ts';
import { CardAttachments } from './card-attachments.tsx';

vi.setConfig({ testTimeout: 30_000 });

const transport: UploadTransport = async (file, { onProgress }) => {
  onProgress(file.size);
  return `upload-${file.name}`;
};

const brief: FileItem = {
  id: 'file-1',
  folderId: null,
  isFolder: false,
  name: 'Brief.pdf',
  kind: 'pdf',
  mimeType: 'application/pdf',
  size: 2048,
  visibility: 'workspace',
  ownerId: 'user-1',
  ownerName: 'Ada Lovelace',
  starred: false,
  canEdit: true,
  canShare: true,
  trashedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  previewUrl: null,
};

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderAttachments(attach: Route) {
  const sent: unknown[] = [];
  const api = stubApi({
    'GET /api/files': json(200, { items: [brief], nextCursor: null, folder: null, path: [] }),
    'POST /api/kanban/cards/attachments/attach': (init, url) => {
      sent.push(JSON.parse(String(init.body)));
      return attach(init, url);
    },
  });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <UploadTransportContext.Provider value={transport}>
            <CardAttachments cardId="card-1" attachments={[]} canEdit />
          </UploadTransportContext.Provider>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Attach files' }));
  const dialog = await screen.findByRole('dialog', { name: 'Attach files to the card' });
  return { api, dialog, sent };
}

describe('CardAttachments', () => {
  it('attaches a file from the device and one of the files manager through the picker', async () => {
    const attached: KanbanCard = {
      ...fixtureCard('card-1', 'todo', 'V', { name: 'Call Nina' }),
      attachments: [],
    };
    const { dialog, sent } = await renderAttachments(() => json(201, attached));
    fireEvent.change(within(dialog).getByTestId('upload-files-input'), {
      target: { files: [new File(['Q1: yes'], 'answers.txt', { type: 'text/plain' })] },
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'From Files' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Brief.pdf' }));
    const use = within(dialog).getByRole('button', { name: 'Use 2 files' });
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(use);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Attach files to the card' })).toBeNull(),
    );
    expect(sent).toEqual([
      { cardId: 'card-1', uploadIds: ['upload-answers.txt'], fileIds: ['file-1'] },
    ]);
    expect(await screen.findByText('2 files attached')).toBeTruthy();
  });

  it('keeps the picker open and says why when a file cannot be attached', async () => {
    const { dialog } = await renderAttachments(() =>
      json(404, { detail: 'No such upload', code: 'NOT_FOUND' }),
    );
    fireEvent.change(within(dialog).getByTestId('upload-files-input'), {
      target: { files: [new File(['Q1: yes'], 'answers.txt', { type: 'text/plain' })] },
    });
    const use = await within(dialog).findByRole('button', { name: 'Use 1 file' });
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(use);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A file is no longer there, or is not yours to attach. Take it out and try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Attach files to the card' })).toBe(dialog);
  });
});
