import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, sentRequest, stubApi } from '../test/fetch.ts';
import { thumbnailObjectUrl } from '../lib/thumbnails.ts';
import { FileThumbnail } from './file-thumbnail.tsx';

const webp = () =>
  new Response(new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: 'image/webp' }), {
    status: 200,
    headers: { 'Content-Type': 'image/webp' },
  });

let made = 0;
beforeEach(() => {
  // jsdom has no object URLs: number them.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:thumb-${++made}` }));
  window.localStorage.setItem('accessToken', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('thumbnailObjectUrl', () => {
  it('fetches the thumbnail with the member token', async () => {
    const fetchMock = stubApi({ 'GET /api/storage/files/f-1/preview': webp() });
    const url = await thumbnailObjectUrl('/api/storage/files/f-1/preview?size=small', []);
    expect(url).toMatch(/^blob:thumb-/);
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer token-1');
    // Shared: a second screen asking for it gets the same URL without a new request.
    expect(await thumbnailObjectUrl('/api/storage/files/f-1/preview?size=small', [])).toBe(url);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries again while the thumbnail is not made yet (404), then gives it', async () => {
    let calls = 0;
    stubApi({
      'GET /api/storage/files/f-2/preview': () =>
        ++calls < 3 ? json(404, { detail: 'Not made yet', code: 'NOT_FOUND' }) : webp(),
    });
    const url = await thumbnailObjectUrl('/api/storage/files/f-2/preview?size=small', [5, 5, 5]);
    expect(url).toMatch(/^blob:thumb-/);
    expect(calls).toBe(3);
  });

  it('gives up after its tries, and does not try again for another error', async () => {
    let notFound = 0;
    let forbidden = 0;
    stubApi({
      'GET /api/storage/files/f-3/preview': () => {
        notFound += 1;
        return json(404, { detail: 'Not made yet', code: 'NOT_FOUND' });
      },
      'GET /api/storage/files/f-4/preview': () => {
        forbidden += 1;
        return json(403, { detail: 'No', code: 'FORBIDDEN' });
      },
    });
    await expect(thumbnailObjectUrl('/api/storage/files/f-3/preview', [1, 1])).rejects.toThrow();
    expect(notFound).toBe(3);
    await expect(thumbnailObjectUrl('/api/storage/files/f-4/preview', [1, 1])).rejects.toThrow();
    expect(forbidden).toBe(1);
  });
});

describe('FileThumbnail', () => {
  it('shows the icon, then the thumbnail once it has loaded', async () => {
    stubApi({ 'GET /api/storage/files/f-5/preview': webp() });
    const { container } = render(
      <FileThumbnail
        address="/api/storage/files/f-5/preview?size=small"
        size={40}
        fallback={<span data-testid="icon" />}
      />,
    );
    expect(screen.getByTestId('icon')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    expect(container.querySelector('img')!.getAttribute('src')).toMatch(/^blob:thumb-/);
    expect(screen.queryByTestId('icon')).toBeNull();
  });

  it('keeps the icon for a file without a thumbnail, and asks for nothing', async () => {
    const fetchMock = stubApi({});
    const { container } = render(
      <FileThumbnail address={null} size={40} fallback={<span data-testid="icon" />} />,
    );
    expect(screen.getByTestId('icon')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
