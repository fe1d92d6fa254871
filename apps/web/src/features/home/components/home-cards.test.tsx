import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type {
  HomeActivityList,
  HomeClosing,
  HomeMeetings,
  HomePipeline,
  HomeTasks,
  HomeWeek,
} from '@beacon/contract';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import type { RealtimeSubscriber } from '../../../lib/realtime.ts';

vi.setConfig({ testTimeout: 20_000 });

const subscribers = new Set<RealtimeSubscriber>();
vi.mock('../../../lib/realtime.ts', () => ({
  realtime: {
    status: 'open',
    subscribe: (subscriber: RealtimeSubscriber) => {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  },
}));

/** Each card's answer (`GET /api/home/<card>`): a value, or a function for one call. */
type Answer = unknown | (() => Response | Promise<Response>);
const answers: Record<string, Answer> = {};
let fetchMock: ReturnType<typeof stubApi>;
/** How many times the page called `GET /api/home/<card>`. */
const calls = (name: string) =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://x').pathname === `/api/home/${name}`,
  ).length;
/** The next answer of a card: pending until the test settles it. */
function pending(name: string) {
  let settle!: (response: Response) => void;
  const previous = answers[name];
  answers[name] = () =>
    new Promise<Response>((resolve) => {
      settle = (response) => {
        answers[name] = previous;
        resolve(response);
      };
    });
  return (response: Response) => settle(response);
}

const { HomeCards } = await import('./home-cards.tsx');
const { homeCards } = await import('../cards/registry.ts');

const today = { date: '2026-11-24', timeZone: 'UTC' };
const noTasks: HomeTasks = {
  ...today,
  dueToday: { count: 0, items: [] },
  overdue: { count: 0, items: [] },
};
const someTasks: HomeTasks = {
  ...today,
  dueToday: {
    count: 7,
    items: [
      {
        id: 't1',
        title: 'Call Ada',
        type: 'call',
        priority: 'high',
        dueAt: '2026-11-24T15:00:00.000Z',
        subject: { type: 'person', id: 'p1', name: 'Ada Lovelace' },
      },
    ],
  },
  overdue: { count: 1000, items: [] },
};
const meetings: HomeMeetings = { date: '2026-11-24', timeZone: 'UTC', count: 0, items: [] };
const pipeline: HomePipeline = {
  pipeline: { id: 'pl', name: 'Sales' },
  stages: [
    {
      id: 's1',
      name: 'Qualification',
      probability: 10,
      count: 2,
      totals: [{ currency: 'EUR', amount: 1_234_56, weighted: 123_46 }],
    },
  ],
};
const closing: HomeClosing = { month: '2026-11', count: 0, totals: [], items: [] };
const week: HomeWeek = {
  weekStart: '2026-11-23',
  tasksDone: 0,
  dealsWon: 0,
  won: [],
  days: [],
};
const activity: HomeActivityList = {
  items: [
    {
      id: 'a1',
      kind: 'created',
      subjectType: 'company',
      subject: { type: 'company', id: 'c1', name: 'Acme' },
      actorId: 'u1',
      actorName: 'Nina Berg',
      field: null,
      newValue: null,
      listName: null,
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
  ],
};

async function renderCards(lng = 'en') {
  const i18n = await initTestI18n(lng);
  return renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <MemoryRouter>
          <HomeCards />
        </MemoryRouter>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

const card = (id: string) => screen.getByTestId(`home-card-${id}`);

beforeEach(() => {
  Object.assign(answers, {
    tasks: someTasks,
    meetings,
    pipeline,
    closing,
    week,
    activity,
  });
  const routes: Record<string, () => Response | Promise<Response>> = {};
  for (const name of ['tasks', 'meetings', 'pipeline', 'closing', 'week', 'activity']) {
    routes[`GET /api/home/${name}`] = () => {
      const answer = answers[name];
      return typeof answer === 'function'
        ? (answer as () => Response | Promise<Response>)()
        : json(200, answer);
    };
  }
  fetchMock = stubApi(routes);
});
afterEach(() => {
  vi.unstubAllGlobals();
  subscribers.clear();
});

describe('home cards', () => {
  it('finds every card file, in order', () => {
    expect(homeCards.map((c) => c.id)).toEqual([
      'tasks',
      'meetings',
      'week',
      'pipeline',
      'closing',
      'activity',
    ]);
  });

  it('shows each card filled or empty from its call, with its heading', async () => {
    await renderCards();
    const tasks = card('tasks');
    expect(await within(tasks).findByText('Call Ada')).toBeTruthy();
    expect(within(tasks).getByText('1,000+')).toBeTruthy();
    expect(within(tasks).getByText('7')).toBeTruthy();
    expect(within(tasks).getByText('and 6 more')).toBeTruthy();
    expect(within(tasks).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/dashboard/people/p1',
    );
    expect(within(tasks).getByRole('link', { name: 'Start queue' }).getAttribute('href')).toBe(
      '/dashboard/tasks?queue=1',
    );
    expect(await within(card('meetings')).findByText('No meetings today.')).toBeTruthy();
    expect(
      await within(card('closing')).findByText('No open deal is expected to close this month.'),
    ).toBeTruthy();
    expect(await within(card('pipeline')).findByText('€1,234.56')).toBeTruthy();
    expect(within(card('pipeline')).getByText('€123.46')).toBeTruthy();
    expect(await within(card('activity')).findByText(/^Created by Nina Berg/)).toBeTruthy();
    expect(within(card('activity')).getByText('5 minutes ago')).toBeTruthy();
    expect(
      await within(card('week')).findByText(
        'Nothing done yet this week: the chart fills as you work.',
      ),
    ).toBeTruthy();
    for (const id of ['tasks', 'meetings', 'week', 'pipeline', 'closing', 'activity']) {
      expect(within(card(id)).getByRole('heading', { level: 2 })).toBeTruthy();
    }
    // The page's headings go h1, then an h2 per card, and no deeper: the rows are not headings.
    expect(screen.getAllByRole('heading').map((h) => h.tagName)).toEqual(Array(6).fill('H2'));
  });

  it('shows a skeleton while loading, then an error with a retry that reads again', async () => {
    const fail = pending('tasks');
    await renderCards();
    expect(within(card('tasks')).getByRole('status')).toBeTruthy();
    await vi.waitFor(() => expect(calls('tasks')).toBe(1));
    await act(async () => fail(json(503, { detail: 'down', code: 'UNAVAILABLE' })));
    expect(await within(card('tasks')).findByText('This card could not be loaded.')).toBeTruthy();
    await act(async () => within(card('tasks')).getByRole('button', { name: 'Try again' }).click());
    expect(await within(card('tasks')).findByText('Call Ada')).toBeTruthy();
    expect(calls('tasks')).toBe(2);
  });

  it('disables the queue button when nothing is due', async () => {
    answers.tasks = noTasks;
    await renderCards();
    expect(
      await within(card('tasks')).findByText('Nothing due today or overdue. Well done.'),
    ).toBeTruthy();
    const button = within(card('tasks')).getByRole('link', { name: 'Start queue' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('reads a card again when a change of its area arrives, once for a burst', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderCards();
      expect(await within(card('tasks')).findByText('Call Ada')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect(calls('tasks')).toBe(1);
      await act(async () => {
        for (const subscriber of subscribers) {
          if (subscriber.types.includes('tasks.*')) {
            subscriber.onMessage({ type: 'tasks.changed', data: {} });
            subscriber.onMessage({ type: 'tasks.changed', data: {} });
          }
        }
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(calls('tasks')).toBe(2);
      expect(calls('meetings')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the cards of today again when the day ends in the zone of the answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // 23:59:30 in Tokyo, whatever the zone of the machine running the test.
      vi.setSystemTime(new Date('2026-11-24T14:59:30Z'));
      answers.tasks = { ...someTasks, date: '2026-11-24', timeZone: 'Asia/Tokyo' };
      await renderCards();
      expect(await within(card('tasks')).findByText('Call Ada')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect([calls('tasks'), calls('meetings'), calls('pipeline')]).toEqual([1, 1, 1]);
      answers.tasks = { ...someTasks, date: '2026-11-25', timeZone: 'Asia/Tokyo' };
      await act(async () => {
        await vi.advanceTimersByTimeAsync(45_000);
      });
      // Tasks, meetings, the week and the month are of a new day; the pipeline is not.
      expect([calls('tasks'), calls('meetings'), calls('week'), calls('closing')]).toEqual([
        2, 2, 2, 2,
      ]);
      expect([calls('pipeline'), calls('activity')]).toEqual([1, 1]);
      // The new answer is of today: nothing more until its day ends.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_600_000);
      });
      expect(calls('tasks')).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes numbers and money in the language on screen', async () => {
    await renderCards('fr');
    expect(await within(card('pipeline')).findByText(/1\s234,56\s€/)).toBeTruthy();
    expect(within(card('tasks')).getByText(/1\s000\+/)).toBeTruthy();
  });
});
