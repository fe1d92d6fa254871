import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { TagUsage } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { TagsSection } from './tags-section.tsx';

vi.setConfig({ testTimeout: 20_000 });

const USAGE: TagUsage[] = [
  { tag: 'lead', people: 3, companies: 0, deals: 2, total: 5 },
  { tag: 'vip', people: 1, companies: 1, deals: 0, total: 2 },
  { tag: 'VIP', people: 0, companies: 4, deals: 0, total: 4 },
];

async function setup(canEdit = true) {
  const i18n = await initTestI18n('en');
  await i18n.loadNamespaces('panels');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <TagsSection canEdit={canEdit} />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TagsSection', () => {
  it('lists every tag with its counts per entity', async () => {
    stubApi({ 'GET /api/tags': json(200, USAGE) });
    await setup();
    const table = await screen.findByRole('table', { name: 'Tags' });
    const row = within(table).getByRole('row', { name: /lead/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'lead', '3', '0', '2', '5', 'RenameDelete']);
  });

  it('merges the selected tags into the name given, then reads the counts again', async () => {
    let merged: unknown;
    const fetchMock = stubApi({
      'GET /api/tags': json(200, USAGE),
      'POST /api/tags/merge': (init) => {
        merged = JSON.parse(String(init.body));
        return json(200, { people: 1, companies: 5, deals: 0 });
      },
    });
    await setup();
    await screen.findByRole('table', { name: 'Tags' });
    const mergeButton = screen.getByRole('button', { name: /Merge selected/ });
    expect(mergeButton).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select vip' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select VIP' }));
    expect(mergeButton.textContent).toBe('Merge selected (2)');
    fireEvent.click(mergeButton);
    const dialog = await screen.findByRole('dialog', { name: 'Merge tags' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Merged tag' }), {
      target: { value: ' Key account ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(merged).toEqual({ from: ['vip', 'VIP'], into: 'Key account' }));
    expect((await screen.findByText('Records changed: 6')).textContent).toBe('Records changed: 6');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/tags')),
      ).toHaveLength(2),
    );
  });

  it('renames one tag, and will not send an empty name', async () => {
    let renamed: unknown;
    stubApi({
      'GET /api/tags': json(200, USAGE),
      'POST /api/tags/rename': (init) => {
        renamed = JSON.parse(String(init.body));
        return json(200, { people: 3, companies: 0, deals: 2 });
      },
    });
    await setup();
    const table = await screen.findByRole('table', { name: 'Tags' });
    const row = within(table).getByRole('row', { name: /lead/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename tag' });
    const name = within(dialog).getByRole('textbox', { name: 'New name' });
    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'prospect' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(renamed).toEqual({ from: 'lead', to: 'prospect' }));
  });

  it('shows counts only to a reader', async () => {
    stubApi({ 'GET /api/tags': json(200, USAGE) });
    await setup(false);
    await screen.findByRole('table', { name: 'Tags' });
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says so when no tag is in use', async () => {
    stubApi({ 'GET /api/tags': json(200, []) });
    await setup();
    expect((await screen.findByText('No tags yet.')).tagName).toBe('P');
  });

  it('offers to try again after a failure', async () => {
    stubApi({ 'GET /api/tags': json(500, { detail: 'boom', code: 'INTERNAL' }) });
    await setup();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' }).tagName).toBe('BUTTON');
  });
});
