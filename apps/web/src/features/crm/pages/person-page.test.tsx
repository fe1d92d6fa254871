import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Activity, Person, PersonDetail } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { PersonPage } from './person-page.tsx';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { CLIENT_ID } from '../../../lib/http.ts';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';

vi.setConfig({ testTimeout: 20_000 });

const ID = '0b7a5a8e-1d7e-4a35-9c8f-5d2a3c1b0e01';

const person: Person = samplePerson({
  id: ID,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phones: ['+44 20 7946 0000'],
  jobTitle: 'Analyst',
  city: 'London',
  country: 'United Kingdom',
  timeZone: 'Europe/London',
  tags: ['vip'],
});

const created: Activity = {
  id: 'act-1',
  subjectType: 'person',
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
  createdAt: '2026-01-01T10:00:00.000Z',
};

async function renderPage(canEdit = true, id = ID) {
  const i18n = await initTestI18n('en');
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/people/:id',
        element: <PersonPage canEdit={canEdit} currentUserId="user-1" />,
      },
    ],
    { initialEntries: [`/dashboard/people/${id}`] },
  );
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PersonPage', () => {
  it('offers Send e-mail to a person with an address, and says why not otherwise', async () => {
    let current = person;
    stubApi({
      [`GET /api/people/${ID}`]: () =>
        json(200, { person: current, company: null, lists: [] } satisfies PersonDetail),
      [`GET /api/people/${ID}/activity`]: json(200, { items: [created], nextCursor: null }),
      'GET /api/members': json(200, []),
    });
    await renderPage();
    const send = await screen.findByRole('link', { name: 'Send e-mail' });
    expect(send.getAttribute('href')).toContain('compose=new&to=ada%40example.com');
    cleanup();

    current = { ...person, consent: { status: 'withdrawn', at: null, method: 'email', note: '' } };
    await renderPage();
    const withdrawn = await screen.findByRole('button', { name: 'Send e-mail' });
    expect(withdrawn.hasAttribute('disabled')).toBe(true);
    expect(withdrawn.getAttribute('aria-describedby')).toBe('person-compose-reason');
    expect(screen.getByText('This person withdrew their consent to e-mail.')).toBeTruthy();
    cleanup();

    current = { ...person, email: '' };
    await renderPage();
    expect(
      (await screen.findByRole('button', { name: 'Send e-mail' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByText('This person has no e-mail address.')).toBeTruthy();
  }, 60_000);

  it('shows the person, saves a field on blur and shows the change on the timeline', async () => {
    let current = person;
    let timeline: Activity[] = [created];
    const api = stubApi({
      [`GET /api/people/${ID}`]: () =>
        json(200, { person: current, company: null, lists: [] } satisfies PersonDetail),
      [`GET /api/people/${ID}/activity`]: () => json(200, { items: timeline, nextCursor: null }),
      'GET /api/members': json(200, []),
      [`PATCH /api/people/${ID}`]: (init) => {
        const patch = JSON.parse(String(init.body)) as Partial<Person>;
        timeline = [
          {
            ...created,
            id: 'act-2',
            kind: 'field_changed',
            field: 'jobTitle',
            oldValue: current.jobTitle,
            newValue: patch.jobTitle ?? '',
            createdAt: '2026-01-02T10:00:00.000Z',
          },
          ...timeline,
        ];
        current = { ...current, ...patch };
        return json(200, current);
      },
    });
    await renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Send an e-mail to ada@example.com' }).getAttribute('href'),
    ).toBe('mailto:ada@example.com');
    expect(await screen.findByText('Someone created this record')).toBeTruthy();

    const title = screen.getByRole('textbox', { name: 'Job title' });
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Chief Analyst' } });
    fireEvent.blur(title);

    expect(await screen.findByText('Someone changed Job title')).toBeTruthy();
    const patch = api.mock.calls.find(([, init]) => init?.method === 'PATCH');
    // The change says which version it was made on.
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      jobTitle: 'Chief Analyst',
      expectedUpdatedAt: person.updatedAt,
    });
    const entry = screen.getByText('Someone changed Job title').closest('li') as HTMLElement;
    expect(within(entry).getByText('Analyst')).toBeTruthy();
    expect(within(entry).getByText('Chief Analyst')).toBeTruthy();
  });

  it('checks a field against the contract before sending, and shows the server’s refusal', async () => {
    const api = stubApi({
      [`GET /api/people/${ID}`]: json(200, { person, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: json(200, { items: [], nextCursor: null }),
      'GET /api/members': json(200, []),
      [`PATCH /api/people/${ID}`]: json(409, {
        detail: 'Another person already has this e-mail',
        code: 'EMAIL_TAKEN',
      }),
    });
    await renderPage();
    const email = await screen.findByRole('textbox', { name: 'E-mail' });

    fireEvent.focus(email);
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(await screen.findByText('Not an e-mail address')).toBeTruthy();
    expect(api.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    fireEvent.change(email, { target: { value: 'grace@example.com' } });
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(await screen.findByText('Another person already has this e-mail')).toBeTruthy();
  });

  it('says plainly that a person does not exist', async () => {
    stubApi({ 'GET /api/members': json(200, []) });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('href')).toBe(
      '/dashboard/people',
    );
  });

  it('shows the not-found page for a word where an id belongs, without asking the server', async () => {
    const api = stubApi({ 'GET /api/members': json(200, []) });
    await renderPage(true, 'new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeTruthy();
    expect(screen.queryByText(/Not a record id/)).toBeNull();
    expect(api.mock.calls.some(([url]) => String(url).includes('/api/people/'))).toBe(false);
  });

  it('refuses to overwrite a change made by someone else, and shows theirs', async () => {
    let current = person;
    const api = stubApi({
      [`GET /api/people/${ID}`]: () => json(200, { person: current, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: json(200, { items: [], nextCursor: null }),
      'GET /api/members': json(200, []),
      [`PATCH /api/people/${ID}`]: json(409, {
        detail:
          'Someone else changed this person after you opened it, so your change was not saved',
        code: 'EDIT_CONFLICT',
      }),
    });
    await renderPage();
    const title = await screen.findByRole('textbox', { name: 'Job title' });
    // Meanwhile another member made Ada the CEO.
    current = { ...person, jobTitle: 'CEO', updatedAt: '2026-01-03T10:00:00.000Z' };
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Chief Analyst' } });
    fireEvent.blur(title);

    expect(
      await screen.findByText(/Someone else changed this record after you opened it/),
    ).toBeTruthy();
    // The page read Ada again.
    await waitFor(() =>
      expect(
        api.mock.calls.filter(
          ([url, init]) =>
            String(url).endsWith(`/api/people/${ID}`) && (init?.method ?? 'GET') === 'GET',
        ).length,
      ).toBeGreaterThanOrEqual(2),
    );
  });

  it('reads the person again after adding a note, so the next change names the new version', async () => {
    let current = person;
    const api = stubApi({
      [`GET /api/people/${ID}`]: () => json(200, { person: current, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: json(200, { items: [], nextCursor: null }),
      'GET /api/members': json(200, []),
      [`POST /api/people/${ID}/notes`]: () => {
        // A note moves the person's version on, as the server does.
        current = { ...current, updatedAt: '2026-01-05T10:00:00.000Z' };
        return json(201, {
          id: 'n-1',
          subjectType: 'person',
          subjectId: ID,
          body: 'Called',
          authorId: 'user-1',
          createdAt: current.updatedAt,
          updatedAt: current.updatedAt,
        });
      },
      [`PATCH /api/people/${ID}`]: (init) => {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<Person>) };
        return json(200, current);
      },
    });
    await renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'New note' }), {
      target: { value: 'Called' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(
        api.mock.calls.filter(
          ([url, init]) =>
            String(url).endsWith(`/api/people/${ID}`) && (init?.method ?? 'GET') === 'GET',
        ).length,
      ).toBeGreaterThanOrEqual(2),
    );

    const title = screen.getByRole('textbox', { name: 'Job title' });
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Chief Analyst' } });
    fireEvent.blur(title);
    await waitFor(() =>
      expect(api.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const patch = api.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      jobTitle: 'Chief Analyst',
      expectedUpdatedAt: '2026-01-05T10:00:00.000Z',
    });
  });

  it('offers to retry a failed load', async () => {
    let fail = true;
    stubApi({
      [`GET /api/people/${ID}`]: () =>
        fail ? json(500, { detail: 'boom' }) : json(200, { person, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: json(200, { items: [], nextCursor: null }),
      'GET /api/members': json(200, []),
    });
    await renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy(),
    );
  });

  it('reads the timeline page by page, by cursor', async () => {
    const note = (id: string, body: string, authorId: string) => ({
      id,
      subjectType: 'person' as const,
      subjectId: ID,
      body,
      authorId,
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
    const api = stubApi({
      [`GET /api/people/${ID}`]: json(200, { person, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: (_, url) =>
        new URL(url, 'http://x').searchParams.get('cursor') === 'page-2'
          ? json(200, { items: [created], nextCursor: null })
          : json(200, {
              items: [
                {
                  ...created,
                  id: 'act-9',
                  kind: 'note_added',
                  createdAt: '2026-01-02T10:00:00.000Z',
                  note: note('n-1', 'Mine **bold**', 'user-1'),
                },
                {
                  ...created,
                  id: 'act-8',
                  kind: 'note_added',
                  createdAt: '2026-01-02T09:00:00.000Z',
                  note: note('n-2', 'Not mine', 'user-2'),
                },
              ],
              nextCursor: 'page-2',
            }),
      'GET /api/members': json(200, []),
    });
    await renderPage();
    expect(await screen.findByText('bold')).toBeTruthy();
    // Only one's own notes offer edit and delete.
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(screen.queryByText('Someone created this record')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Someone created this record')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = api.mock.calls.filter(([url]) => String(url).includes('/activity'));
    expect(
      pages.map(([url]) => new URL(String(url), 'http://x').searchParams.get('cursor')),
    ).toEqual([null, 'page-2']);
  });

  it('lets a viewer read but not change', async () => {
    stubApi({
      [`GET /api/people/${ID}`]: json(200, { person, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: json(200, { items: [created], nextCursor: null }),
      'GET /api/members': json(200, []),
    });
    await renderPage(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText(/only admins and contributors change it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change stage' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Job title' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it("reads the person and the timeline again when someone else changes them, not on this tab's own changes", async () => {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
    });
    let current = person;
    let timeline: Activity[] = [created];
    const api = stubApi({
      [`GET /api/people/${ID}`]: () => json(200, { person: current, company: null, lists: [] }),
      [`GET /api/people/${ID}/activity`]: () => json(200, { items: timeline, nextCursor: null }),
      'GET /api/members': json(200, []),
    });
    const reads = () =>
      api.mock.calls.filter(([url]) => String(url).endsWith(`/api/people/${ID}`)).length;
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    await waitFor(() => expect(subscribers.length).toBeGreaterThan(0));
    const live = subscribers.filter((s) => s.types.includes('crm.changed'));
    expect(live.length).toBeGreaterThan(0);
    const deliver = (origin: string | null) =>
      act(() => {
        for (const subscriber of live) {
          subscriber.onMessage({
            type: 'crm.changed',
            data: { entity: 'people', id: ID, by: 'user-2', origin },
          });
        }
      });

    // This tab's own change: the page has it already.
    deliver(CLIENT_ID);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reads()).toBe(1);

    // Another member renamed Ada: the page and its timeline show it.
    current = { ...person, firstName: 'Augusta', updatedAt: '2026-01-04T10:00:00.000Z' };
    timeline = [
      {
        ...created,
        id: 'act-3',
        kind: 'field_changed',
        field: 'firstName',
        oldValue: 'Ada',
        newValue: 'Augusta',
        createdAt: '2026-01-04T10:00:00.000Z',
      },
      created,
    ];
    deliver('another-tab');
    deliver(null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Augusta Lovelace' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Someone changed First name')).toBeTruthy();
    // Two messages close together: one read.
    expect(reads()).toBe(2);

    // The channel came back after a break: changes may have been missed.
    current = { ...current, lastName: 'King' };
    act(() => {
      for (const subscriber of live) subscriber.onReady?.();
    });
    act(() => {
      for (const subscriber of live) subscriber.onReady?.();
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Augusta King' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
