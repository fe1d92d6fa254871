import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createStore } from '../../lib/store.ts';
import { json, stubApi } from '../../test/fetch.ts';
import { recordPageApi } from '../../features/crm/api/record-page-api.ts';
import { dealRecordApi } from '../../features/deals/api/deal-record.ts';

/*
 * The deal page composes the deal's entry (features/deals) with the record page's timeline and
 * notes (features/crm): a note moves the deal's version on, so adding or deleting one reads the
 * deal again through the `CrmRecord` tag both provide, as the old record page read it by hand.
 */

const ID = '0b7e6f1c-1f7e-4b8e-9a55-3c1f0b8f4a01';
const T0 = '2026-05-01T10:00:00.000Z';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function dealDetail(updatedAt: string) {
  return {
    deal: {
      id: ID,
      name: 'Big one',
      pipelineId: 'p1',
      stageId: 's1',
      status: 'open',
      amount: 100,
      currency: 'EUR',
      expectedCloseDate: null,
      ownerId: null,
      companyId: null,
      companyName: '',
      people: [],
      source: 'manual',
      tags: [],
      lostReason: '',
      nextStep: '',
      position: 'V',
      stageChangedAt: T0,
      lastActivityAt: updatedAt,
      createdAt: T0,
      updatedAt,
      closedAt: null,
      stale: false,
    },
    company: null,
    stages: [],
    lists: [],
  };
}

describe('the deal page: deal and notes', () => {
  it('reads the deal again after a note is added or deleted on its page', async () => {
    let version = 0;
    const fetchMock = stubApi({
      [`GET /api/deals/${ID}`]: () => json(200, dealDetail(`2026-05-01T10:0${version}:00.000Z`)),
      [`POST /api/deals/${ID}/notes`]: () => {
        version += 1;
        return json(201, {
          id: 'n1',
          subjectType: 'deal',
          subjectId: ID,
          body: 'Hi',
          authorId: 'u1',
          createdAt: T0,
          updatedAt: T0,
        });
      },
      'DELETE /api/notes/n1': () => {
        version += 1;
        return new Response(null, { status: 204 });
      },
    });
    const store = createStore();
    const deal = store.dispatch(dealRecordApi.endpoints.deal.initiate(ID));
    await deal;
    const updatedAt = () =>
      dealRecordApi.endpoints.deal.select(ID)(store.getState() as never).data?.deal.updatedAt;
    expect(updatedAt()).toBe('2026-05-01T10:00:00.000Z');

    await store
      .dispatch(recordPageApi.endpoints.addNote.initiate({ subject: 'deal', id: ID, body: 'Hi' }))
      .unwrap();
    await waitFor(() => expect(updatedAt()).toBe('2026-05-01T10:01:00.000Z'));

    await store
      .dispatch(
        recordPageApi.endpoints.deleteNote.initiate({ subject: 'deal', id: ID, noteId: 'n1' }),
      )
      .unwrap();
    await waitFor(() => expect(updatedAt()).toBe('2026-05-01T10:02:00.000Z'));
    const dealReads = fetchMock.mock.calls.filter(
      ([url, init]) =>
        new URL(String(url), 'http://x').pathname === `/api/deals/${ID}` &&
        (init?.method ?? 'GET') === 'GET',
    );
    expect(dealReads).toHaveLength(3);
    deal.unsubscribe();
  });
});
