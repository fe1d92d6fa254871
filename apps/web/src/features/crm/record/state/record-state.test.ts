import { describe, expect, it } from 'vitest';
import type { Activity, Note } from '@beacon/contract';
import { initialPaged, pagedReducer } from '../hooks/use-paged-records.ts';
import {
  initialRecordState,
  notesOf,
  recordReducer,
  type RecordAction,
  type RecordState,
} from './record-state.ts';

type Data = { name: string };

const note = (id: string, body = 'Hello'): Note => ({
  id,
  subjectType: 'person',
  subjectId: 'p1',
  body,
  authorId: 'u1',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});

const activity = (id: string, createdAt: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  subjectType: 'person',
  subjectId: 'p1',
  kind: 'created',
  actorId: null,
  field: null,
  oldValue: null,
  newValue: null,
  listId: null,
  listName: null,
  note: null,
  createdAt,
  ...extra,
});

const run = (actions: RecordAction<Data>[], from = initialRecordState<Data>()) =>
  actions.reduce<RecordState<Data>>(recordReducer, from);

describe('recordReducer: the record', () => {
  it('sets loading when a fetch starts and keeps the data when it ends', () => {
    const loading = run([{ type: 'fetch/start', requestId: 'a' }]);
    expect(loading).toMatchObject({ loading: true, error: null, data: null });
    const done = run([{ type: 'fetch/success', requestId: 'a', data: { name: 'Ada' } }], loading);
    expect(done).toMatchObject({ loading: false, data: { name: 'Ada' } });
  });

  it('stores a failure, and clears it when the next fetch starts, keeping what was shown', () => {
    const failed = run([
      { type: 'fetch/start', requestId: 'a' },
      { type: 'fetch/success', requestId: 'a', data: { name: 'Ada' } },
      { type: 'fetch/start', requestId: 'b' },
      { type: 'fetch/failure', requestId: 'b', error: { message: 'Offline', status: 0 } },
    ]);
    expect(failed).toMatchObject({ loading: false, error: { status: 0 }, data: { name: 'Ada' } });
    expect(run([{ type: 'fetch/start', requestId: 'c' }], failed).error).toBeNull();
  });

  it('forgets the record when a later read says it is gone (deleted elsewhere)', () => {
    const gone = run([
      { type: 'fetch/start', requestId: 'a' },
      { type: 'fetch/success', requestId: 'a', data: { name: 'Ada' } },
      { type: 'fetch/start', requestId: 'b' },
      { type: 'fetch/failure', requestId: 'b', error: { message: 'Not found', status: 404 } },
    ]);
    expect(gone).toMatchObject({ loading: false, error: { status: 404 }, data: null });
  });

  it("drops a read under way when the page's own write replaces the record", () => {
    const state = run([
      { type: 'fetch/start', requestId: 'a' },
      { type: 'data/replace', data: { name: 'Saved' } },
      { type: 'fetch/success', requestId: 'a', data: { name: 'Before the save' } },
    ]);
    expect(state).toMatchObject({ loading: false, data: { name: 'Saved' } });
  });

  it('ignores an older answer that arrives late', () => {
    const state = run([
      { type: 'fetch/start', requestId: 'a' },
      { type: 'fetch/start', requestId: 'b' },
      { type: 'fetch/success', requestId: 'b', data: { name: 'New' } },
      { type: 'fetch/success', requestId: 'a', data: { name: 'Old' } },
      { type: 'fetch/failure', requestId: 'a', error: { message: 'late' } },
    ]);
    expect(state).toMatchObject({ data: { name: 'New' }, error: null, loading: false });
  });

  it('starts from nothing for another record', () => {
    const state = run([
      { type: 'fetch/start', requestId: 'a' },
      { type: 'fetch/success', requestId: 'a', data: { name: 'Ada' } },
      { type: 'reset' },
    ]);
    expect(state).toEqual(initialRecordState());
  });
});

describe('recordReducer: the timeline', () => {
  const first = {
    items: [activity('a2', '2026-01-02T00:00:00Z'), activity('a1', '2026-01-01T00:00:00Z')],
    nextCursor: 'c1',
  };

  it('shows the first page newest first, then appends the next one by its cursor', () => {
    let state = run([
      { type: 'timeline/start', requestId: 't1', cursor: null },
      {
        type: 'timeline/success',
        requestId: 't1',
        cursor: null,
        page: { items: [...first.items].reverse(), nextCursor: 'c1' },
      },
    ]);
    expect(state.timeline).toMatchObject({ loaded: true, loading: false, nextCursor: 'c1' });
    expect(state.timeline.items.map((a) => a.id)).toEqual(['a2', 'a1']);
    state = run(
      [
        { type: 'timeline/start', requestId: 't2', cursor: 'c1' },
        {
          type: 'timeline/success',
          requestId: 't2',
          cursor: 'c1',
          page: { items: [activity('a0', '2025-12-31T00:00:00Z')], nextCursor: null },
        },
      ],
      state,
    );
    expect(state.timeline.items.map((a) => a.id)).toEqual(['a2', 'a1', 'a0']);
    expect(state.timeline.nextCursor).toBeNull();
  });

  it('adds what is new when the first page is read again, without losing the tail', () => {
    const loaded = run([
      { type: 'timeline/start', requestId: 't1', cursor: null },
      { type: 'timeline/success', requestId: 't1', cursor: null, page: first },
    ]);
    const change = activity('a3', '2026-01-03T00:00:00Z', {
      kind: 'field_changed',
      field: 'stage',
      oldValue: 'cold',
      newValue: 'replied',
    });
    const state = run(
      [
        { type: 'timeline/start', requestId: 't2', cursor: null },
        {
          type: 'timeline/success',
          requestId: 't2',
          cursor: null,
          page: { items: [change, ...first.items], nextCursor: 'other' },
        },
      ],
      loaded,
    );
    expect(state.timeline.items.map((a) => a.id)).toEqual(['a3', 'a2', 'a1']);
    expect(state.timeline.nextCursor).toBe('c1');
  });

  it('keeps a failed page as an error, and ignores a late one', () => {
    const state = run([
      { type: 'timeline/start', requestId: 't1', cursor: null },
      { type: 'timeline/start', requestId: 't2', cursor: null },
      { type: 'timeline/success', requestId: 't1', cursor: null, page: first },
      { type: 'timeline/failure', requestId: 't2', error: { message: 'down', status: 0 } },
    ]);
    expect(state.timeline).toMatchObject({ loaded: false, loading: false, items: [] });
    expect(state.timeline.error).toEqual({ message: 'down', status: 0 });
  });

  it('updates an edited note in place and drops a deleted one', () => {
    const withNotes = run([
      { type: 'timeline/start', requestId: 't1', cursor: null },
      {
        type: 'timeline/success',
        requestId: 't1',
        cursor: null,
        page: {
          items: [
            activity('n1', '2026-01-02T00:00:00Z', { kind: 'note_added', note: note('note-1') }),
            activity('n2', '2026-01-01T00:00:00Z', { kind: 'note_added', note: note('note-2') }),
          ],
          nextCursor: null,
        },
      },
    ]);
    const edited = run([{ type: 'note/saved', note: note('note-1', 'Edited') }], withNotes);
    expect(notesOf(edited.timeline.items).map((n) => n.body)).toEqual(['Edited', 'Hello']);
    const deleted = run([{ type: 'note/removed', noteId: 'note-2' }], edited);
    expect(notesOf(deleted.timeline.items).map((n) => n.id)).toEqual(['note-1']);
  });
});

describe('pagedReducer', () => {
  const row = (id: string) => ({ id });
  it('replaces on a new search, appends without duplicates on more, and removes rows', () => {
    let state = pagedReducer(initialPaged<{ id: string }>(), {
      type: 'start',
      requestId: 1,
      more: false,
    });
    state = pagedReducer(state, {
      type: 'success',
      requestId: 1,
      more: false,
      page: { items: [row('a'), row('b')], nextCursor: 'x' },
    });
    state = pagedReducer(state, { type: 'start', requestId: 2, more: true });
    expect(state.items).toHaveLength(2);
    state = pagedReducer(state, {
      type: 'success',
      requestId: 2,
      more: true,
      page: { items: [row('b'), row('c')], nextCursor: null },
    });
    expect(state.items.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    state = pagedReducer(state, { type: 'remove', ids: ['b'] });
    expect(state.items.map((r) => r.id)).toEqual(['a', 'c']);
    state = pagedReducer(state, { type: 'start', requestId: 3, more: false });
    expect(state).toMatchObject({ items: [], loaded: false, loading: true });
  });
});
