import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Activity, Note, SubjectType } from '@beacon/contract';
import { CLIENT_ID } from '../../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../../lib/realtime.ts';
import { createStore } from '../../../../lib/store.ts';
import { json, sentRequest, stubApi, type Route } from '../../../../test/fetch.ts';
import { personVcard } from '../../api/record-page-api.ts';
import { useRecordTimeline } from './use-crm-record-page.ts';

/*
 * A record page's timeline and notes on RTK Query (`recordTimeline` and the note mutations of
 * api/record-page-api.ts), for every subject: the deal page reads its timeline this way too.
 */

const ID = '0b7e6f1c-1f7e-4b8e-9a55-3c1f0b8f4a01';

const note = (id: string, body = 'Hello'): Note => ({
  id,
  subjectType: 'deal',
  subjectId: ID,
  body,
  authorId: 'u1',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});

const activity = (id: string, createdAt: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  subjectType: 'deal',
  subjectId: ID,
  kind: 'created',
  actorId: null,
  field: null,
  oldValue: null,
  newValue: null,
  listId: null,
  listName: null,
  mailMessageId: null,
  note: null,
  createdAt,
  ...extra,
});

const notesIn = (items: Activity[]) =>
  items.flatMap((a) => (a.kind === 'note_added' && a.note ? [a.note] : []));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function follow() {
  const subscribers: RealtimeSubscriber[] = [];
  vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
    subscribers.push(subscriber);
    return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
  });
  return subscribers;
}

function renderTimeline(subject: SubjectType = 'deal', id = ID) {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useRecordTimeline(subject, id), { wrapper });
}

/** The activity answers by cursor: `pages[cursor ?? '']`. */
function activityRoute(pages: Record<string, object>): Route {
  return (_init, url) => {
    const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? '';
    const page = pages[cursor];
    return page ? json(200, page) : json(500, { detail: 'No such page', code: 'INTERNAL' });
  };
}

describe('useRecordTimeline', () => {
  it("reads a deal's timeline newest first, 25 at a time, and appends the next page once", async () => {
    const fetchMock = stubApi({
      [`GET /api/deals/${ID}/activity`]: activityRoute({
        '': {
          items: [activity('a1', '2026-01-01T00:00:00Z'), activity('a2', '2026-01-02T00:00:00Z')],
          nextCursor: 'c1',
        },
        // The next page repeats one of the first (it moved between reads): shown once.
        c1: {
          items: [activity('a1', '2026-01-01T00:00:00Z'), activity('a0', '2025-12-31T00:00:00Z')],
          nextCursor: null,
        },
      }),
    });
    const { result } = renderTimeline();
    await waitFor(() => expect(result.current.timeline.loaded).toBe(true));
    expect(result.current.timeline).toMatchObject({
      loading: false,
      nextCursor: 'c1',
      error: null,
    });
    expect(result.current.timeline.items.map((a) => a.id)).toEqual(['a2', 'a1']);
    expect(sentRequest(fetchMock).url.searchParams.get('limit')).toBe('25');
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.timeline.items).toHaveLength(3));
    expect(result.current.timeline.items.map((a) => a.id)).toEqual(['a2', 'a1', 'a0']);
    expect(result.current.timeline.nextCursor).toBeNull();
  });

  it('keeps a failed read as the error, and reads nothing for an id that is no record', async () => {
    const fetchMock = stubApi({
      [`GET /api/deals/${ID}/activity`]: json(503, { detail: 'Down', code: 'UNAVAILABLE' }),
    });
    const { result } = renderTimeline();
    await waitFor(() => expect(result.current.timeline.error).not.toBeNull());
    expect(result.current.timeline).toMatchObject({ loaded: false, loading: false, items: [] });
    expect(result.current.timeline.error).toMatchObject({ status: 503, message: 'Down' });

    fetchMock.mockClear();
    const none = renderTimeline('deal', 'new');
    expect(none.result.current.timeline).toMatchObject({ loaded: false, loading: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('updates an edited note in place and drops a deleted one, without reading the page again', async () => {
    const fetchMock = stubApi({
      [`GET /api/deals/${ID}/activity`]: json(200, {
        items: [
          activity('n1', '2026-01-02T00:00:00Z', { kind: 'note_added', note: note('note-1') }),
          activity('n2', '2026-01-01T00:00:00Z', { kind: 'note_added', note: note('note-2') }),
        ],
        nextCursor: null,
      }),
      'PATCH /api/notes/note-1': json(200, note('note-1', 'Edited')),
      'DELETE /api/notes/note-2': new Response(null, { status: 204 }),
    });
    const { result } = renderTimeline();
    await waitFor(() => expect(result.current.timeline.loaded).toBe(true));
    await act(() => result.current.updateNote('note-1', 'Edited'));
    await waitFor(() =>
      expect(notesIn(result.current.timeline.items).map((n) => n.body)).toEqual([
        'Edited',
        'Hello',
      ]),
    );
    await act(() => result.current.deleteNote('note-2'));
    await waitFor(() =>
      expect(notesIn(result.current.timeline.items).map((n) => n.id)).toEqual(['note-1']),
    );
    const reads = fetchMock.mock.calls.filter(([url]) => String(url).includes('/activity'));
    expect(reads).toHaveLength(1);
  });

  it('adds a note to the deal and reads the timeline again; a refusal reaches the caller', async () => {
    let added = false;
    const fetchMock = stubApi({
      [`GET /api/deals/${ID}/activity`]: () =>
        json(200, {
          items: added
            ? [activity('n3', '2026-01-03T00:00:00Z', { kind: 'note_added', note: note('n3') })]
            : [],
          nextCursor: null,
        }),
      [`POST /api/deals/${ID}/notes`]: (init) => {
        if (JSON.parse(String(init.body)).body === '') {
          return json(400, { detail: 'Empty', code: 'VALIDATION_FAILED' });
        }
        added = true;
        return json(201, note('n3'));
      },
    });
    const { result } = renderTimeline();
    await waitFor(() => expect(result.current.timeline.loaded).toBe(true));
    await act(() => result.current.addNote('Call back'));
    await waitFor(() => expect(result.current.timeline.items.map((a) => a.id)).toEqual(['n3']));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ body: 'Call back' });
    await expect(result.current.addNote('')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it("follows changes made elsewhere on a deal's timeline, gathered, and after a break", async () => {
    const subscribers = follow();
    let reads = 0;
    stubApi({
      [`GET /api/deals/${ID}/activity`]: () => {
        reads += 1;
        return json(200, { items: [], nextCursor: null });
      },
    });
    const { result } = renderTimeline();
    await waitFor(() => expect(result.current.timeline.loaded).toBe(true));
    await waitFor(() => expect(subscribers).toHaveLength(1));
    const live = subscribers[0]!;
    const change = (origin: string | null) => ({
      type: 'crm.changed',
      data: { entity: 'notes', id: 'n9', by: 'u2', origin },
    });
    // This tab's own write and a malformed message change nothing.
    live.onMessage?.(change(CLIENT_ID));
    live.onMessage?.({ type: 'crm.changed', data: { entity: 'nope' } });
    // Two changes from elsewhere are read once.
    live.onMessage?.(change('other-tab'));
    live.onMessage?.(change('other-tab'));
    await waitFor(() => expect(reads).toBe(2), { timeout: 5_000 });
    await new Promise((done) => setTimeout(done, 600));
    expect(reads).toBe(2);
    // The channel back after a break: changes may have been missed.
    live.onReady?.();
    live.onReady?.();
    await waitFor(() => expect(reads).toBe(3), { timeout: 5_000 });
  });
});

describe('personVcard', () => {
  it('downloads the person as a vCard named by the server, or person.vcf', async () => {
    const fetchMock = stubApi({
      [`GET /api/people/${ID}/vcard`]: new Response('BEGIN:VCARD\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/vcard',
          'Content-Disposition': 'attachment; filename="ada.vcf"',
        },
      }),
      'GET /api/people/p2/vcard': new Response('BEGIN:VCARD\r\n', { status: 200 }),
    });
    const file = await personVcard(ID);
    expect(file.fileName).toBe('ada.vcf');
    expect(await file.blob.text()).toBe('BEGIN:VCARD\r\n');
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url.pathname).toBe(`/api/people/${ID}/vcard`);
    expect(init.method ?? 'GET').toBe('GET');
    expect(headers.get('Accept')).toBe('text/vcard');
    expect((await personVcard('p2')).fileName).toBe('person.vcf');
  });
});
