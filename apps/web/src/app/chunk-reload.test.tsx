import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app.tsx';
import { initTestI18n } from '../test/i18n.ts';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  page,
  reloadOnceForChunkError,
} from './chunk-reload.ts';
import { RootErrorBoundary } from './root-error-boundary.tsx';

vi.setConfig({ testTimeout: 20_000 });

const missingChunk = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://localhost/assets/people-route-3f2a.js',
  );

/** A router whose only page is a lazy route that fails to load, as after an upgrade. */
async function renderMissingChunk() {
  await initTestI18n('en');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RootErrorBoundary />,
        children: [{ index: true, lazy: () => Promise.reject(missingChunk()) }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<AppRoot router={router} />);
}

describe('a chunk missing after an upgrade', () => {
  it('reloads the page once, then shows the error page with a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});

    await renderMissingChunk();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();

    // The reloaded page fails the same way: no second reload, the error page instead.
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    await renderMissingChunk();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('tells chunk errors of every browser from other errors', () => {
    expect(isChunkLoadError(missingChunk())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module: /a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads again only after a minute', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const t0 = 1_800_000_000_000;
    expect(reloadOnceForChunkError(t0)).toBe(true);
    expect(reloadOnceForChunkError(t0 + 1000)).toBe(false);
    expect(reloadOnceForChunkError(t0 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
