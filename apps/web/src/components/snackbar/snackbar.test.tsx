import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initTestI18n } from '../../test/i18n.ts';
import { ThemeProvider } from '../../theme/index.ts';
import {
  SNACKBAR_AUTO_HIDE_MS,
  SNACKBAR_MAX,
  close,
  emptyQueue,
  enqueue,
  remove,
  type SnackbarItem,
} from './snackbar-queue.ts';
import { SnackbarProvider, useSnackbar, type SnackbarVariant } from './index.ts';

vi.setConfig({ testTimeout: 20_000 });

const item = (id: string, message = id, variant: SnackbarVariant = 'success'): SnackbarItem => ({
  id,
  message,
  variant,
  open: true,
});

describe('the queue', () => {
  it('shows at most 5; the others wait and come in as earlier ones leave', () => {
    let state = emptyQueue;
    for (let i = 1; i <= 7; i += 1) state = enqueue(state, item(`n${i}`));
    expect(SNACKBAR_MAX).toBe(5);
    expect(state.shown.map((it) => it.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(state.waiting.map((it) => it.id)).toEqual(['n6', 'n7']);
    state = remove(close(state, 'n2'), 'n2');
    expect(state.shown.map((it) => it.id)).toEqual(['n1', 'n3', 'n4', 'n5', 'n6']);
    expect(state.waiting.map((it) => it.id)).toEqual(['n7']);
  });

  it('ignores a duplicate of one on screen or waiting', () => {
    let state = enqueue(emptyQueue, item('a', 'Saved'));
    state = enqueue(state, item('b', 'Saved'));
    expect(state.shown).toHaveLength(1);
    // The same words with another variant are another notification.
    state = enqueue(state, item('c', 'Saved', 'error'));
    expect(state.shown).toHaveLength(2);
  });
});

function Trigger({ message, variant }: { message: string; variant?: SnackbarVariant }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => enqueueSnackbar(message, variant ? { variant } : {})}>
      {`notify ${message}`}
    </button>
  );
}

async function renderProvider(children: React.ReactNode) {
  const i18n = await initTestI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>{children}</SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

/** Lets the notifications' lazily loaded code arrive and render. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('SnackbarProvider', () => {
  beforeAll(async () => {
    // The stack's code, loaded once here: the fake clock below does not wait for a transform.
    await import('./snackbar-stack.tsx');
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is success by default, with its icon, at the top right, and hides after 3000 ms', async () => {
    await renderProvider(<Trigger message="Saved" />);
    fireEvent.click(screen.getByRole('button', { name: 'notify Saved' }));
    await flush();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Saved');
    expect(status.getAttribute('data-variant')).toBe('success');
    expect(status.querySelector('svg')).toBeTruthy();
    const region = status.parentElement as HTMLElement;
    expect(getComputedStyle(region).position).toBe('fixed');
    expect(getComputedStyle(region).top).not.toBe('auto');
    expect(getComputedStyle(region).right).not.toBe('auto');

    expect(SNACKBAR_AUTO_HIDE_MS).toBe(3000);
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByRole('status')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // Closed at 3000 ms; it leaves the screen with a short transition.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('has an icon and a role for each variant; errors and warnings are alerts', async () => {
    await renderProvider(
      <>
        {(['info', 'success', 'warning', 'error'] as const).map((variant) => (
          <Trigger key={variant} message={variant} variant={variant} />
        ))}
      </>,
    );
    for (const variant of ['info', 'success', 'warning', 'error']) {
      fireEvent.click(screen.getByRole('button', { name: `notify ${variant}` }));
    }
    await flush();
    const shown = [...document.querySelectorAll('[data-variant]')];
    expect(shown.map((node) => node.getAttribute('data-variant'))).toEqual([
      'info',
      'success',
      'warning',
      'error',
    ]);
    expect(shown.map((node) => node.getAttribute('role'))).toEqual([
      'status',
      'status',
      'alert',
      'alert',
    ]);
    const icons = shown.map((node) => node.querySelector('svg path')?.getAttribute('d'));
    expect(new Set(icons).size).toBe(4);
  });

  it('shows a duplicate once, and closes with its button', async () => {
    await renderProvider(<Trigger message="Copied" />);
    fireEvent.click(screen.getByRole('button', { name: 'notify Copied' }));
    fireEvent.click(screen.getByRole('button', { name: 'notify Copied' }));
    await flush();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
