import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { FileDetails, FileItem, FileUse } from '@beacon/contract';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { DetailsPanel } from './details-panel.tsx';

vi.setConfig({ testTimeout: 30_000 });

const item = (extra: Partial<FileItem> = {}): FileItem => ({
  id: 'file-1',
  folderId: null,
  isFolder: false,
  name: 'Logo.png',
  kind: 'image',
  mimeType: 'image/png',
  size: 68,
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

const use = (kind: FileUse['kind'], extra: Partial<FileUse> = {}): FileUse => ({
  kind,
  recordId: `${kind}-id`,
  mailboxId: null,
  title: '',
  fileName: 'shot.png',
  createdAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

const details = (usedIn: FileUse[], extra: Partial<FileItem> = {}): FileDetails => ({
  item: item(extra),
  path: [],
  createdBy: 'user-1',
  createdByName: 'Ada Lovelace',
  contains: { files: 0, folders: 0 },
  copies: [],
  usedIn,
  shares: [],
  links: 0,
  sha256: extra.isFolder ? null : 'ab'.repeat(32),
});

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPanel(answer: FileDetails) {
  stubApi({ 'GET /api/files/file-1': json(200, answer) });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <MemoryRouter>
          <DetailsPanel id="file-1" locale="en" onClose={() => {}} />
        </MemoryRouter>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return screen.findByTestId('file-details');
}

describe('DetailsPanel, where used', () => {
  it('lists each place in words, linked to its screen where there is one', async () => {
    const panel = await renderPanel(
      details([
        use('kanban_card', { recordId: 'card-1', title: 'Launch plan' }),
        use('chat_conversation', { recordId: 'conv-1', title: 'Léo Dubois', fileName: 'dot.png' }),
        use('mail_message', { recordId: 'mail-1', mailboxId: 'box-1', title: '' }),
        use('avatar', { recordId: 'user-2', title: 'Mai Nguyen', fileName: 'avatar' }),
        use('logo', { recordId: 'ws-1', title: 'Northwind Sales', fileName: 'logo' }),
      ]),
    );
    const list = await within(panel).findByTestId('file-used-in');
    const link = (name: string) => within(list).getByRole('link', { name }).getAttribute('href');
    expect(link('Card “Launch plan” on the board')).toBe('/dashboard/kanban?card=card-1');
    expect(link('Chat: Léo Dubois')).toBe('/dashboard/chat/conv-1');
    // A mail without a subject says so; it opens in its mailbox.
    expect(link('Mail “(no subject)”')).toBe('/dashboard/mail?mailbox=box-1&label=all&mail=mail-1');
    expect(link('Profile picture of Mai Nguyen')).toBe('/dashboard/user/profile?member=user-2');
    // The logo has no screen of its own: words only.
    expect(within(list).getByText('The workspace logo (Northwind Sales)').closest('a')).toBeNull();
    expect(within(list).getByText('as dot.png')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('says when the bytes are used nowhere else', async () => {
    const panel = await renderPanel(details([]));
    expect(await within(panel).findByText('Nowhere else in the workspace')).toBeTruthy();
    expect(within(panel).getByText('Used elsewhere')).toBeTruthy();
  });

  it('leaves the row out for a folder', async () => {
    const panel = await renderPanel(
      details([], { isFolder: true, kind: 'folder', mimeType: 'inode/directory' }),
    );
    expect(await within(panel).findByText('Contains')).toBeTruthy();
    expect(within(panel).queryByText('Used elsewhere')).toBeNull();
  });
});
