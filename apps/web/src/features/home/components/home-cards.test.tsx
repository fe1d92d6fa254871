import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
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
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import type { RealtimeSubscriber } from '../../../lib/realtime.ts';

vi.setConfig({ testTimeout: 20_000 });

const subscribers = new Set<RealtimeSubscriber>();
vi.mock('../../../lib/realtime.ts', () => ({
  realtime: {
    subscribe: (subscriber: RealtimeSubscriber) => {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  },
}));

const api = vi.hoisted(() => ({
  tasks: vi.fn(),
  meetings: vi.fn(),
  pipeline: vi.fn(),
  closing: vi.fn(),
  week: vi.fn(),
  activity: vi.fn(),
}));
vi.mock('../api/home-api.ts', () => ({ homeApi: api }));

const { HomeCards } = await import('./home-cards.tsx');
const { homeCards } = await import('../cards/registry.ts');

const noTasks: HomeTasks = { dueToday: { count: 0, items: [] }, overdue: { count: 0, items: [] } };
const someTasks: HomeTasks = {
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
  render(
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
  api.tasks.mockResolvedValue(someTasks);
  api.meetings.mockResolvedValue(meetings);
  api.pipeline.mockResolvedValue(pipeline);
  api.closing.mockResolvedValue(closing);
  api.week.mockResolvedValue(week);
  api.activity.mockResolvedValue(activity);
});
afterEach(() => {
  vi.clearAllMocks();
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
  });

  it('shows a skeleton while loading, then an error with a retry that reads again', async () => {
    let fail!: (error: Error) => void;
    api.tasks.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    await renderCards();
    expect(within(card('tasks')).getByRole('status')).toBeTruthy();
    await act(async () => fail(new Error('down')));
    expect(within(card('tasks')).getByText('This card could not be loaded.')).toBeTruthy();
    await act(async () => within(card('tasks')).getByRole('button', { name: 'Try again' }).click());
    expect(await within(card('tasks')).findByText('Call Ada')).toBeTruthy();
    expect(api.tasks).toHaveBeenCalledTimes(2);
  });

  it('disables the queue button when nothing is due', async () => {
    api.tasks.mockResolvedValue(noTasks);
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
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect(api.tasks).toHaveBeenCalledTimes(1);
      await act(async () => {
        for (const subscriber of subscribers) {
          if (subscriber.types.includes('tasks.*')) {
            subscriber.onMessage({ type: 'tasks.changed', data: {} });
            subscriber.onMessage({ type: 'tasks.changed', data: {} });
          }
        }
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(api.tasks).toHaveBeenCalledTimes(2);
      expect(api.meetings).toHaveBeenCalledTimes(1);
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
