import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilePreview } from './file-preview.tsx';

let made = 0;
beforeEach(() => {
  // jsdom has no object URLs: number them.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:file-${++made}`, revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FilePreview', () => {
  it('plays a video from its stream address, never fetching the whole file', async () => {
    const load = vi.fn(() => Promise.resolve(new Blob(['whole'])));
    const stream = vi.fn(() => Promise.resolve('/api/files/f-1/stream?token=t'));
    render(
      <FilePreview name="demo.mp4" kind="video" mimeType="video/mp4" load={load} stream={stream} />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('file-preview-video').getAttribute('src')).toBe(
        '/api/files/f-1/stream?token=t',
      ),
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('plays audio from its stream address too, and keeps it when the parent renders again', async () => {
    const stream = vi.fn(() => Promise.resolve('/api/files/f-2/stream?token=t'));
    const props = { name: 'call.wav', kind: 'audio' as const, mimeType: 'audio/wav' };
    const { rerender } = render(
      <FilePreview {...props} load={() => Promise.resolve(new Blob())} stream={stream} />,
    );
    await waitFor(() => expect(screen.getByTestId('file-preview-audio')).toBeTruthy());
    // New functions from a parent's render: no new address (the player would start again).
    rerender(
      <FilePreview
        {...props}
        load={() => Promise.resolve(new Blob())}
        stream={() => Promise.resolve('/other')}
      />,
    );
    expect(screen.getByTestId('file-preview-audio').getAttribute('src')).toBe(
      '/api/files/f-2/stream?token=t',
    );
    expect(stream).toHaveBeenCalledTimes(1);
  });

  it('shows an image from its bytes (a blob), the stream address unused', async () => {
    const load = vi.fn(() => Promise.resolve(new Blob(['png'], { type: 'image/png' })));
    const stream = vi.fn(() => Promise.resolve('/unused'));
    render(
      <FilePreview name="a.png" kind="image" mimeType="image/png" load={load} stream={stream} />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('file-preview-image').getAttribute('src')).toMatch(/^blob:file-/),
    );
    expect(stream).not.toHaveBeenCalled();
  });
});
