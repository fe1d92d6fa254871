import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { initTestI18n } from '../test/i18n.ts';
import { LoadMoreButton, type NextPages } from './load-more-button.tsx';

vi.setConfig({ testTimeout: 20_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await initTestI18n('en');
});

const renderIn = (ui: ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

const pages = (over: Partial<NextPages> = {}): NextPages => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
  ...over,
});

describe('LoadMoreButton', () => {
  it('shows nothing when there is no next page', () => {
    const { container } = renderIn(<LoadMoreButton pages={pages({ hasNextPage: false })} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for the next page once per press', () => {
    const query = pages();
    renderIn(<LoadMoreButton pages={query} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed again while the next page loads', () => {
    const query = pages({ isFetchingNextPage: true });
    renderIn(<LoadMoreButton pages={query} />);
    const button = screen.getByRole('button', { name: /Show more/ });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(query.fetchNextPage).not.toHaveBeenCalled();
  });

  it('says what its caller gives, in the reader language by default', async () => {
    const { unmount } = renderIn(<LoadMoreButton pages={pages()}>Show 5 more</LoadMoreButton>);
    expect(screen.getByRole('button', { name: 'Show 5 more' })).toBeTruthy();
    unmount();
    await i18n.changeLanguage('fr');
    try {
      renderIn(<LoadMoreButton pages={pages()} />);
      expect(screen.getByRole('button', { name: 'Afficher plus' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
