import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { FileItem, FilePage } from '@beacon/contract';
import { json, stubApi } from '../../test/fetch.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { renderWithStore } from '../../test/render.tsx';
import { ThemeProvider } from '../../theme/index.ts';
import { FilePickerDialog, type Picked } from './file-picker-dialog.tsx';
import type { UploadTransport } from './upload-queue.ts';
import { UploadTransportContext } from './upload-transport.ts';

vi.setConfig({ testTimeout: 30_000 });

const item = (id: string, name: string, extra: Partial<FileItem> = {}): FileItem => ({
  id,
  folderId: null,
  isFolder: false,
  name,
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
  ...extra,
});

const page = (items: FileItem[], path: FilePage['path'] = []): FilePage => ({
  items,
  nextCursor: null,
  folder: null,
  path,
});

/** Sends each file at once, answering an id made from its name (no server). */
const transport: UploadTransport = async (file, { onProgress }) => {
  onProgress(file.size);
  return `upload-${file.name}`;
};

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPicker(
  props: { onPicked?: (picked: Picked) => void | Promise<void>; maxBytes?: number } = {},
) {
  const api = stubApi({
    'GET /api/files': (_init, url) => {
      const query = new URL(url, 'http://x').searchParams;
      if (query.get('q') === 'plan') return json(200, page([item('f2', 'Launch plan.pdf')]));
      if (query.get('folderId') === 'folder-1') {
        return json(
          200,
          page(
            [item('f2', 'Launch plan.pdf', { folderId: 'folder-1' })],
            [{ id: 'folder-1', name: 'Clients' }],
          ),
        );
      }
      return json(
        200,
        page([
          item('folder-1', 'Clients', { isFolder: true, kind: 'folder', size: 0 }),
          item('f1', 'Brief.pdf'),
          item('big', 'Recording.mp4', { kind: 'video', mimeType: 'video/mp4', size: 50e6 }),
        ]),
      );
    },
    'DELETE /api/uploads/upload-notes.txt': new Response(null, { status: 204 }),
  });
  const onPicked = vi.fn(props.onPicked ?? (() => undefined));
  const onClose = vi.fn();
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <UploadTransportContext.Provider value={transport}>
          <FilePickerDialog
            open
            title="Attach files to the card"
            maxBytes={props.maxBytes ?? 10 * 1024 * 1024}
            maxFiles={3}
            onClose={onClose}
            onPicked={onPicked}
          />
        </UploadTransportContext.Provider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Attach files to the card' });
  return { api, dialog, onPicked, onClose };
}

function choose(dialog: HTMLElement, ...files: File[]) {
  fireEvent.change(within(dialog).getByTestId('upload-files-input'), { target: { files } });
}

describe('FilePickerDialog', () => {
  it('sends files from the device and hands over their upload ids, refusing what is too large or empty', async () => {
    const { dialog, onPicked, onClose } = await renderPicker({ maxBytes: 10 });
    choose(
      dialog,
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      new File(['x'.repeat(11)], 'big.bin'),
      new File([], 'empty.txt'),
    );
    expect(await within(dialog).findByText(/big\.bin is larger than/)).toBeTruthy();
    expect(within(dialog).getByText('empty.txt is empty.')).toBeTruthy();
    const use = await within(dialog).findByRole('button', { name: 'Use 1 file' });
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(use);
    await waitFor(() => expect(onPicked).toHaveBeenCalledTimes(1));
    expect(onPicked.mock.calls[0]![0]).toEqual({
      uploads: [
        {
          uploadId: 'upload-notes.txt',
          name: 'notes.txt',
          relativePath: 'notes.txt',
          size: 5,
          type: 'text/plain',
        },
      ],
      files: [],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("picks the member's files: browses a folder, searches, leaves out what is too large", async () => {
    const { dialog, onPicked } = await renderPicker();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'From Files' }));
    const brief = await within(dialog).findByRole('checkbox', { name: 'Brief.pdf' });
    // Larger than the area takes: shown, not offered.
    expect(within(dialog).getByText(/^Larger than .+: not taken here$/)).toBeTruthy();
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Recording.mp4' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(brief);
    expect((brief as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the folder Clients' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Launch plan.pdf' })).toBeTruthy();
    expect(within(dialog).getByRole('navigation', { name: 'Folders' }).textContent).toContain(
      'Clients',
    );
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search your files' }), {
      target: { value: 'plan' },
    });
    await waitFor(() =>
      expect(within(dialog).queryByRole('navigation', { name: 'Folders' })).toBeNull(),
    );
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Launch plan.pdf' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use 2 files' }));
    await waitFor(() => expect(onPicked).toHaveBeenCalledTimes(1));
    expect(onPicked.mock.calls[0]![0]).toEqual({
      uploads: [],
      files: [
        { fileId: 'f1', name: 'Brief.pdf', size: 2048, mimeType: 'application/pdf' },
        { fileId: 'f2', name: 'Launch plan.pdf', size: 2048, mimeType: 'application/pdf' },
      ],
    });
  });

  it('stays open with the area’s words when attaching fails, and discards unused uploads on cancel', async () => {
    const { api, dialog, onPicked, onClose } = await renderPicker({
      onPicked: () => Promise.reject(new Error('This kind of file is not accepted.')),
    });
    choose(dialog, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const use = await within(dialog).findByRole('button', { name: 'Use 1 file' });
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(use);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This kind of file is not accepted.',
    );
    expect(onPicked).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([input, init]) =>
            String(input).endsWith('/api/uploads/upload-notes.txt') && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });
});
