import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { ThemeProvider } from '../theme/index.ts';
import { Scrollbar, TOUCH_MEDIA_QUERY, thumbGeometry } from './scrollbar.tsx';

describe('thumbGeometry', () => {
  it('sizes the thumb by the visible share, never under 25 px', () => {
    expect(thumbGeometry(400, 800, 0)).toEqual({ size: 200, offset: 0 });
    expect(thumbGeometry(400, 800, 400)).toEqual({ size: 200, offset: 200 });
    expect(thumbGeometry(400, 100_000, 0)?.size).toBe(25);
    expect(thumbGeometry(400, 400, 0)).toBeNull();
  });
});

describe('Scrollbar', () => {
  function stubTouch(touch: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: touch && query.replace(/\s/g, '') === TOUCH_MEDIA_QUERY.replace(/\s/g, ''),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
  }

  it('draws its own scrollbar for a mouse', () => {
    stubTouch(false);
    const { container } = render(
      <ThemeProvider>
        <Scrollbar>content</Scrollbar>
      </ThemeProvider>,
    );
    expect(container.querySelector('[data-scrollbar="custom"]')).toBeTruthy();
    expect(container.querySelectorAll('[data-scrollbar-track]')).toHaveLength(2);
  });

  it('is a plain scrolling container on a touch device', () => {
    stubTouch(true);
    const { container } = render(
      <ThemeProvider>
        <Scrollbar>content</Scrollbar>
      </ThemeProvider>,
    );
    const plain = container.querySelector<HTMLElement>('[data-scrollbar="native"]');
    expect(plain).toBeTruthy();
    expect(getComputedStyle(plain as HTMLElement).overflowX).toBe('auto');
    expect(container.querySelector('[data-scrollbar-track]')).toBeNull();
  });
});
