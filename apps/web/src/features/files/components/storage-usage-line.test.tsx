import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { StorageUsageLine } from './storage-usage-line.tsx';

const usage = (usedBytes: number, quotaBytes: number | null) => ({
  usedBytes,
  quotaBytes,
  fileCount: 3,
  folderCount: 1,
  trashBytes: 0,
  byKind: [],
  byMember: [],
  recent: [],
  folders: [],
});

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StorageUsageLine', () => {
  // The first call loads the contract's endpoint lazily: slow on a busy machine.
  it('shows what is used of the quota, with a bar', { timeout: 30_000 }, async () => {
    stubApi({ 'GET /api/files/usage': json(200, usage(1024 * 1024 * 1024, 5 * 1024 ** 3)) });
    renderWithStore(<StorageUsageLine locale="en" />);
    // The unit tests' i18n answers keys: the quota's wording with a bar at 20%.
    expect(await screen.findByText('dashboard.quotaOf', {}, { timeout: 25_000 })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
  });

  it('says there is no quota, without a bar', async () => {
    stubApi({ 'GET /api/files/usage': json(200, usage(2048, null)) });
    renderWithStore(<StorageUsageLine locale="en" />);
    expect(await screen.findByText('dashboard.noQuota')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
