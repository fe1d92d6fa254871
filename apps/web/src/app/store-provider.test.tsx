import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useStore } from 'react-redux';
import type { AuthUser } from '../features/auth/index.ts';
import { api } from '../lib/api.ts';
import type { AppStore } from '../lib/store.ts';

/** Who is signed in, as the auth context tells the provider. */
let signedIn: AuthUser | null = null;
vi.mock('../features/auth/index.ts', () => ({ useAuth: () => ({ user: signedIn }) }));

const { StoreProvider } = await import('./store-provider.tsx');

const user = (id: string, workspace = 'w1'): AuthUser => ({
  id,
  email: `${id}@example.test`,
  first_name: id,
  last_name: '',
  workspace: { id: workspace } as AuthUser['workspace'],
});

/** A query whose answer is its reader's own: whoever is signed in when it is read. */
const secretApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeProviderSecret: build.query<string, void>({
      queryFn: () => ({ data: `secret of ${signedIn?.id ?? 'nobody'}` }),
    }),
  }),
});

/** Every value a screen rendered, with the store it rendered from. */
const seen: { user: string | undefined; data: string | undefined; store: AppStore }[] = [];
function Screen() {
  const store = useStore() as AppStore;
  const { data } = secretApi.useStoreProviderSecretQuery();
  seen.push({ user: signedIn?.id, data, store });
  return <p>{data ?? 'loading'}</p>;
}

const cached = (store: AppStore) =>
  secretApi.endpoints.storeProviderSecret.select()(store.getState()).data;

afterEach(() => {
  seen.length = 0;
});

describe('StoreProvider: one store per signed-in session', () => {
  it("never shows a second user the first one's cache, and empties the first one's store", async () => {
    signedIn = user('ann');
    const view = render(
      <StoreProvider>
        <Screen />
      </StoreProvider>,
    );
    expect(await screen.findByText('secret of ann')).toBeTruthy();
    const annStore = seen.at(-1)!.store;
    expect(cached(annStore)).toBe('secret of ann');

    // Bob signs in in the same tab (the layout stays mounted).
    signedIn = user('bob');
    view.rerender(
      <StoreProvider>
        <Screen />
      </StoreProvider>,
    );
    expect(await screen.findByText('secret of bob')).toBeTruthy();
    const bobs = seen.filter((render) => render.user === 'bob');
    expect(bobs.length).toBeGreaterThan(0);
    // Not one of Bob's renders read Ann's answer or her store.
    expect(bobs.map((render) => render.data)).not.toContain('secret of ann');
    expect(bobs.every((render) => render.store !== annStore)).toBe(true);
    expect(bobs[0]!.data).toBeUndefined();
    // Ann's store was emptied after the change was shown.
    await waitFor(() => expect(cached(annStore)).toBeUndefined());
    expect(annStore.getState().api.queries).toEqual({});
    view.unmount();
  });

  it('keeps the store for the same session when the layout mounts again, not for another workspace', async () => {
    signedIn = user('cleo');
    const first = render(
      <StoreProvider>
        <Screen />
      </StoreProvider>,
    );
    expect(await screen.findByText('secret of cleo')).toBeTruthy();
    const cleoStore = seen.at(-1)!.store;
    first.unmount();
    seen.length = 0;

    // Back to the dashboard: the cache is still there, shown on the first render.
    const again = render(
      <StoreProvider>
        <Screen />
      </StoreProvider>,
    );
    expect(seen[0]).toMatchObject({ data: 'secret of cleo', store: cleoStore });
    again.unmount();
    seen.length = 0;

    // The same person in another workspace is another session.
    signedIn = user('cleo', 'w2');
    const other = render(
      <StoreProvider>
        <Screen />
      </StoreProvider>,
    );
    expect(seen[0]!.store).not.toBe(cleoStore);
    expect(seen[0]!.data).toBeUndefined();
    await waitFor(() => expect(cached(cleoStore)).toBeUndefined());
    other.unmount();
  });
});
