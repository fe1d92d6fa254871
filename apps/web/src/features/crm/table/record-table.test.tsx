import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Person } from '@beacon/contract';
import { initTestI18n } from '../../../test/i18n.ts';
import { visibleColumnDefs } from '../state/columns.ts';
import { RecordTable } from './record-table.tsx';
import { MAX_RENDERED_ROWS } from './virtual-window.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';

function person(i: number): Person {
  return samplePerson({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `p${i}@example.com`,
    jobTitle: 'Engineer',
    companyName: 'Acme',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastActivityAt: '2026-01-01T00:00:00.000Z',
  });
}

const many = Array.from({ length: 20_000 }, (_, i) => person(i));

function renderTable(overrides: Partial<Parameters<typeof RecordTable>[0]> = {}) {
  const props = {
    entity: 'people' as const,
    columns: visibleColumnDefs('people', ['name', 'email', 'stage']),
    rows: many,
    total: 1_000_000,
    loading: false,
    loadingMore: false,
    hasMore: true,
    onLoadMore: vi.fn(),
    sort: null,
    onSort: vi.fn(),
    selection: { mode: 'ids' as const, ids: [] },
    selectable: true,
    onToggleRow: vi.fn(),
    onToggleLoaded: vi.fn(),
    members: new Map(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <RecordTable {...props} />
    </MemoryRouter>,
  );
  return props;
}

describe('records table', () => {
  beforeAll(async () => {
    await initTestI18n('en');
  });

  it('puts only a window of rows in the page, however many are loaded', { timeout: 30_000 }, () => {
    renderTable();
    const rows = screen.getAllByTestId('record-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(MAX_RENDERED_ROWS);
    expect(screen.getByRole('table', { name: 'People' }).getAttribute('aria-rowcount')).toBe(
      '1000001',
    );
  });

  it('links the name to the record and sorts from the header', () => {
    const props = renderTable({ rows: many.slice(0, 3), sort: 'lastName' });
    expect(screen.getByRole('link', { name: 'First1 Last1' }).getAttribute('href')).toBe(
      `/dashboard/people/${many[1]?.id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onSort).toHaveBeenCalledWith('-lastName');
    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(props.onSort).toHaveBeenCalledWith('email');
  });

  it('asks for the next page when the end of the loaded rows is near', () => {
    const props = renderTable({ rows: many.slice(0, 20) });
    expect(props.onLoadMore).toHaveBeenCalled();
  });

  it('shows skeleton rows while the first page loads', () => {
    renderTable({ rows: [], loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
  });
});
