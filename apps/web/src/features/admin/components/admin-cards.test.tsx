import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { AuditEntry, WorkspaceSettings } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { AuditLogCard, auditSummary, dayRange } from './audit-log-card.tsx';
import { WorkspaceSettingsCard } from './workspace-settings-card.tsx';

vi.setConfig({ testTimeout: 30_000 });

const T0 = '2026-11-20T09:30:00.000Z';
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  kind: 'records.exported',
  actorId: 'u1',
  actorName: 'Ava Martin',
  actorEmail: 'ava@example.com',
  subject: 'people',
  detail: { entity: 'people' },
  ip: '192.0.2.1',
  userAgent: null,
  createdAt: T0,
  ...over,
});
const SETTINGS: WorkspaceSettings = {
  id: 'w1',
  name: 'Northwind Sales',
  defaultCurrency: 'EUR',
  timeZone: 'Europe/Paris',
  logoUrl: null,
  emailTracking: false,
  updatedAt: T0,
};

async function render(ui: React.ReactNode) {
  const i18n = await initTestI18n('en');
  await i18n.loadNamespaces('admin');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>{ui}</SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return i18n;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dayRange', () => {
  it('starts at the first day and ends after the last one, in the browser zone', () => {
    const range = dayRange('2026-11-01', '2026-11-03');
    expect(new Date(range.from!).getDate()).toBe(1);
    expect(new Date(range.to!).getDate()).toBe(4);
    expect(dayRange('', '')).toEqual({});
  });
});

describe('AuditLogCard', () => {
  it('lists the entries in words and filters by kind through the query', async () => {
    const asked: string[] = [];
    stubApi({
      'GET /api/audit': (_init, url) => {
        asked.push(url);
        return json(200, {
          items: url.includes('kind=')
            ? [
                entry({
                  id: 'a2',
                  kind: 'workspace.settings_changed',
                  detail: { changes: { name: {} } },
                }),
              ]
            : [
                entry({}),
                entry({
                  id: 'a3',
                  kind: 'auth.sign_in_failed',
                  actorId: null,
                  actorName: null,
                  actorEmail: null,
                }),
              ],
          nextCursor: null,
        });
      },
    });
    const i18n = await render(<AuditLogCard members={[]} />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('row', { name: /Records exported/ }).textContent).toContain(
      'Ava Martin',
    );
    expect(within(table).getByRole('row', { name: /Sign-in failed/ }).textContent).toContain(
      'Nobody signed in',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Event' }), {
      target: { value: 'workspace.settings_changed' },
    });
    await waitFor(() => expect(asked.at(-1)).toContain('kind=workspace.settings_changed'));
    expect(await within(table).findByText('Name')).toBeTruthy();
    expect(auditSummary(i18n.t, entry({ detail: { entity: 'deals', count: 3 } }))).toBe('Deals: 3');
  });

  it('says when nothing matches', async () => {
    stubApi({ 'GET /api/audit': json(200, { items: [], nextCursor: null }) });
    await render(<AuditLogCard members={[]} />);
    expect((await screen.findByText('No events match these filters.')).tagName).toBe('P');
  });
});

describe('WorkspaceSettingsCard', () => {
  it('saves a new name and tells the shell to read it again', async () => {
    let sent: unknown;
    stubApi({
      'GET /api/workspace': json(200, SETTINGS),
      'PATCH /api/workspace': (init) => {
        sent = JSON.parse(String(init.body));
        return json(200, { ...SETTINGS, name: 'Southwind' });
      },
    });
    const onRenamed = vi.fn();
    await render(<WorkspaceSettingsCard onRenamed={onRenamed} />);
    const name = await screen.findByRole('textbox', { name: /Workspace name/ });
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'Southwind' } });
    fireEvent.click(save);
    await waitFor(() => expect(onRenamed).toHaveBeenCalledTimes(1));
    expect(sent).toEqual({ name: 'Southwind', defaultCurrency: 'EUR', timeZone: 'Europe/Paris' });
  });

  it('words an empty name under the field and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET /api/workspace': json(200, SETTINGS) });
    await render(<WorkspaceSettingsCard onRenamed={() => undefined} />);
    const name = await screen.findByRole('textbox', { name: /Workspace name/ });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByText('Required')).id).toMatch(/helper-text/);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);
  });
});
