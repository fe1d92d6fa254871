import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { realtime, type RealtimeSubscriber } from '../../../lib/realtime.ts';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Company } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { CompanyPage } from './company-page.tsx';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { renderWithStore } from '../../../test/render.tsx';

vi.setConfig({ testTimeout: 20_000 });

const ID = '7d0c2b7e-3f64-4d0a-9a63-2a1f4c9b8e11';

const company: Company = {
  id: ID,
  name: 'Swiftwave Logistics',
  domain: 'swiftwave.example',
  industry: 'Logistics',
  size: '5001+',
  revenueRange: '1B+',
  city: 'Dubai',
  region: '',
  country: 'United Arab Emirates',
  description: '',
  linkedinUrl: '',
  ownerId: null,
  tags: [],
  peopleCount: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  lastActivityAt: '2026-01-01T10:00:00.000Z',
};

const person = samplePerson({
  id: 'p-1',
  firstName: 'Ingrid',
  lastName: 'Wang',
  email: 'ingrid@swiftwave.example',
  jobTitle: 'VP of Sales',
  seniority: 'vp',
  companyId: ID,
  companyName: 'Swiftwave Logistics',
  stage: 'replied',
  source: 'import',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CompanyPage', () => {
  it('shows the company with its people, each linking to their page', async () => {
    const api = stubApi({
      [`GET /api/companies/${ID}`]: json(200, { company, lists: [] }),
      [`GET /api/companies/${ID}/activity`]: json(200, { items: [], nextCursor: null }),
      'GET /api/people': json(200, { items: [person], nextCursor: null }),
      'GET /api/members': json(200, []),
    });
    const i18n = await initTestI18n('en');
    const router = createMemoryRouter(
      [{ path: '/dashboard/companies/:id', element: <CompanyPage canEdit currentUserId={null} /> }],
      { initialEntries: [`/dashboard/companies/${ID}`] },
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
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Swiftwave Logistics' }),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Ingrid Wang' })).getAttribute('href')).toBe(
      '/dashboard/people/p-1',
    );
    const peopleCall = api.mock.calls.find(([url]) => String(url).startsWith('/api/people?'));
    const filters = new URL(String(peopleCall?.[0]), 'http://x').searchParams.get('filters');
    expect(JSON.parse(filters ?? '[]')).toEqual([{ field: 'companyId', op: 'equals', value: ID }]);
    expect(screen.getByRole('link', { name: /Visit swiftwave.example/ }).getAttribute('href')).toBe(
      'https://swiftwave.example',
    );
  });

  it('reads its people again when people change elsewhere', async () => {
    const subscribers: RealtimeSubscriber[] = [];
    vi.spyOn(realtime, 'subscribe').mockImplementation((subscriber) => {
      subscribers.push(subscriber);
      return () => subscribers.splice(subscribers.indexOf(subscriber), 1);
    });
    let people = [person];
    stubApi({
      [`GET /api/companies/${ID}`]: json(200, { company, lists: [] }),
      [`GET /api/companies/${ID}/activity`]: json(200, { items: [], nextCursor: null }),
      'GET /api/people': () => json(200, { items: people, nextCursor: null }),
      'GET /api/members': json(200, []),
    });
    const i18n = await initTestI18n('en');
    const router = createMemoryRouter(
      [{ path: '/dashboard/companies/:id', element: <CompanyPage canEdit currentUserId={null} /> }],
      { initialEntries: [`/dashboard/companies/${ID}`] },
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
    expect(await screen.findByRole('link', { name: 'Ingrid Wang' })).toBeTruthy();
    people = [person, samplePerson({ id: 'p-2', firstName: 'Omar', lastName: 'Haddad' })];
    act(() => {
      for (const subscriber of subscribers) {
        subscriber.onMessage({
          type: 'crm.changed',
          data: { entity: 'people', id: 'p-2', by: 'user-2', origin: 'another-tab' },
        });
      }
    });
    expect(
      await screen.findByRole('link', { name: 'Omar Haddad' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
