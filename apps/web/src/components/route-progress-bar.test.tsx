import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { initTestI18n } from '../test/i18n.ts';
import { ThemeProvider } from '../theme/index.ts';
import { RouteProgressBar } from './route-progress-bar.tsx';

vi.setConfig({ testTimeout: 20_000 });

/** A route whose code takes `ms` to arrive, or fails after it. */
const lazyAfter =
  (ms: number, fail = false) =>
  () =>
    new Promise<{ Component: () => React.ReactNode }>((resolve, reject) =>
      setTimeout(() => {
        if (fail) reject(new Error('chunk failed'));
        else resolve({ Component: () => <h1>loaded</h1> });
      }, ms),
    );

async function renderRouter() {
  const i18n = await initTestI18n('en');
  const router = createMemoryRouter(
    [
      {
        path: '/',
        // As in the app, a route that fails to load shows the root's error page.
        errorElement: <h1>failed</h1>,
        element: (
          <>
            <RouteProgressBar />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>home</h1> },
          { path: 'fast', lazy: lazyAfter(250) },
          { path: 'slow', lazy: lazyAfter(1000) },
          { path: 'broken', lazy: lazyAfter(800, true) },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { name: 'home' });
  // The clock is ours from here: the route's code arrives when the test says.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return router;
}

const bar = () => screen.queryByRole('progressbar', { name: 'Loading the page' });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('RouteProgressBar', () => {
  it('never shows for a route change under 300 ms', async () => {
    const router = await renderRouter();
    act(() => {
      void router.navigate('/fast');
    });
    for (let elapsed = 0; elapsed < 600; elapsed += 50) {
      await advance(50);
      expect(bar()).toBeNull();
    }
    expect(screen.getByRole('heading', { name: 'loaded' })).toBeTruthy();
  });

  it('shows after 300 ms of a slower one, and goes when it has loaded', async () => {
    const router = await renderRouter();
    act(() => {
      void router.navigate('/slow');
    });
    await advance(290);
    expect(bar()).toBeNull();
    await advance(20);
    expect(bar()?.getAttribute('data-route-progress')).toBe('loading');
    await advance(700);
    expect(screen.getByRole('heading', { name: 'loaded' })).toBeTruthy();
    expect(bar()?.getAttribute('data-route-progress')).toBe('done');
    await advance(500);
    expect(bar()).toBeNull();
  });

  it('stops when the route fails to load', async () => {
    const router = await renderRouter();
    act(() => {
      void router.navigate('/broken');
    });
    await advance(400);
    expect(bar()).not.toBeNull();
    await advance(500);
    expect(screen.getByRole('heading', { name: 'failed' })).toBeTruthy();
    await advance(500);
    expect(bar()).toBeNull();
  });
});
