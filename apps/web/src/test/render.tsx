import { render, type RenderOptions } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createStore, type AppStore } from '../lib/store.ts';

/**
 * Renders a screen or component with a store of its own (the RTK Query cache and any slice it
 * injects), as the dashboard layout gives every signed-in page; `store` is that store, for a test
 * that reads or primes it.
 */
export function renderWithStore(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const store = createStore();
  function Wrapper({ children }: { children: ReactNode }) {
    const [own] = useState<AppStore>(store);
    return <Provider store={own}>{children}</Provider>;
  }
  return { ...render(ui, { ...options, wrapper: Wrapper }), store };
}
