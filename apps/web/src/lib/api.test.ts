import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@beacon/contract/endpoint';
import { json, stubApi } from '../test/fetch.ts';
import { api, call, isApiFailure, lazyEndpoint } from './api.ts';
import { createStore } from './store.ts';

const thing = z.object({ id: z.string(), name: z.string() });
const things = {
  get: endpoint({
    method: 'GET',
    path: '/api/things/:id',
    summary: 'A thing',
    response: thing,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/things/:id',
    summary: 'Rename a thing',
    body: z.object({ name: z.string().max(10) }),
    response: thing,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/things/:id',
    summary: 'Delete a thing',
    status: 204,
    response: null,
  }),
};

const thingsApi = api.enhanceEndpoints({ addTagTypes: ['Thing'] }).injectEndpoints({
  endpoints: (build) => ({
    thing: build.query<z.infer<typeof thing>, string>({
      query: (id) => call(things.get, { params: { id } }),
      providesTags: (_thing, _error, id) => [{ type: 'Thing', id }],
    }),
    renameThing: build.mutation<z.infer<typeof thing>, { id: string; name: string }>({
      query: ({ id, name }) => call(things.rename, { params: { id }, body: { name } }),
      invalidatesTags: (_thing, _error, { id }) => [{ type: 'Thing', id }],
    }),
    lazyThing: build.query<
      z.infer<typeof thing>,
      { id: string; load: () => Promise<typeof things.get> }
    >({
      query: ({ id, load }) =>
        call(lazyEndpoint('GET', '/api/things/:id', load), { params: { id } }),
    }),
    removeThing: build.mutation<null, string>({
      query: (id) => call(() => Promise.resolve(things.remove), { params: { id } }),
    }),
  }),
});

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it("calls the endpoint's method and path, checks the answer and sends the body", async () => {
    const fetch = stubApi({
      'GET /api/things/t%201': json(200, { id: 't 1', name: 'Old', extra: true }),
      'PATCH /api/things/t%201': (init) =>
        json(200, { id: 't 1', ...(JSON.parse(String(init.body)) as object) }),
    });
    const store = createStore();
    const read = await store.dispatch(thingsApi.endpoints.thing.initiate('t 1'));
    // The schema's parse keeps only the known fields.
    expect(read.data).toEqual({ id: 't 1', name: 'Old' });
    const renamed = await store
      .dispatch(thingsApi.endpoints.renameThing.initiate({ id: 't 1', name: 'New' }))
      .unwrap();
    expect(renamed).toEqual({ id: 't 1', name: 'New' });
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[1]?.body).toBe('{"name":"New"}');
  });

  it('answers a failure as plain data with status, code, message and field errors', async () => {
    stubApi({
      'PATCH /api/things/x': json(400, {
        detail: 'name: Too long',
        code: 'VALIDATION_FAILED',
        errors: { name: ['Too long'] },
      }),
    });
    const store = createStore();
    const result = await store.dispatch(
      thingsApi.endpoints.renameThing.initiate({ id: 'x', name: 'far too long a name' }),
    );
    expect('error' in result && result.error).toEqual({
      message: 'name: Too long',
      status: 400,
      code: 'VALIDATION_FAILED',
      operation: 'renameThing',
      fieldErrors: { name: ['Too long'] },
      body: { detail: 'name: Too long', code: 'VALIDATION_FAILED', errors: { name: ['Too long'] } },
    });
    expect(isApiFailure('error' in result ? result.error : null)).toBe(true);
  });

  it('takes a 204 as an answer, and loads an endpoint given on demand', async () => {
    stubApi({ 'DELETE /api/things/y': new Response(null, { status: 204 }) });
    const store = createStore();
    await expect(
      store.dispatch(thingsApi.endpoints.removeThing.initiate('y')).unwrap(),
    ).resolves.toBeNull();
  });

  it('fails a body the contract does not describe, not as a silent any', async () => {
    stubApi({ 'GET /api/things/z': json(200, { id: 'z' }) });
    const store = createStore();
    const read = await store.dispatch(thingsApi.endpoints.thing.initiate('z'));
    expect(read.isError).toBe(true);
    expect(read.error).toMatchObject({ status: 200, operation: 'thing' });
  });

  it("sends a lazy endpoint's request at once, and checks the answer once the schema has loaded", async () => {
    const fetch = stubApi({ 'GET /api/things/l': json(200, { id: 'l', name: 'Lazy', extra: 1 }) });
    let loaded!: () => void;
    const gate = new Promise<void>((resolve) => (loaded = resolve));
    const load = () => gate.then(() => things.get);
    const store = createStore();
    const pending = store.dispatch(thingsApi.endpoints.lazyThing.initiate({ id: 'l', load }));
    // The request left before the contract loaded.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    loaded();
    expect((await pending).data).toEqual({ id: 'l', name: 'Lazy' });
  });

  it("fails a lazy endpoint's answer that its schema refuses", async () => {
    stubApi({ 'GET /api/things/m': json(200, { id: 'm' }) });
    const store = createStore();
    const read = await store.dispatch(
      thingsApi.endpoints.lazyThing.initiate({ id: 'm', load: () => Promise.resolve(things.get) }),
    );
    expect(read.isError).toBe(true);
  });
});
