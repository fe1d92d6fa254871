import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DuplicateGroup } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { samplePerson } from '../../../test/crm-fixtures.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { DuplicatesPage } from './duplicates-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

const ann = samplePerson({
  id: '0b7a5a8e-1d7e-4a35-9c8f-5d2a3c1b0e01',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@x.test',
});
const annie = samplePerson({
  id: '0b7a5a8e-1d7e-4a35-9c8f-5d2a3c1b0e02',
  firstName: 'Annie',
  lastName: 'Lee',
  email: 'ann@x.test',
});
const group: DuplicateGroup = { reason: 'email', key: 'ann@x.test', people: [ann, annie] };

async function renderPage(canEdit: boolean) {
  const i18n = await initTestI18n('en');
  const router = createMemoryRouter(
    [{ path: '/dashboard/people/duplicates', element: <DuplicatesPage canEdit={canEdit} /> }],
    { initialEntries: ['/dashboard/people/duplicates'] },
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

afterEach(() => vi.unstubAllGlobals());

describe('DuplicatesPage', () => {
  it('merges a group into the person chosen to keep, then reads the groups again', async () => {
    let groups = [group];
    const api = stubApi({
      'GET /api/people/duplicates': () => json(200, { groups }),
      'POST /api/people/merge': () => {
        groups = [];
        return json(200, { person: annie, company: null, lists: [] });
      },
    });
    await renderPage(true);
    const section = await screen.findByRole('region', { name: 'Same e-mail: ann@x.test' });
    // The oldest (first) is kept unless another is chosen.
    expect(within(section).getByRole('radio', { name: 'Keep Ann Lee' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(section).getByRole('radio', { name: 'Keep Annie Lee' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Merge into the person kept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge these people?' });
    expect(dialog.textContent).toContain('will be merged into Annie Lee');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText(/No likely duplicates/)).toBeTruthy();
    expect(await screen.findByText('Merged into Annie Lee')).toBeTruthy();
    const merge = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(merge?.[1]?.body))).toEqual({
      primaryId: annie.id,
      duplicateIds: [ann.id],
    });
  });

  it('shows viewers the groups without a way to merge, and offers a retry on failure', async () => {
    let fail = true;
    stubApi({
      'GET /api/people/duplicates': () =>
        fail ? json(500, { detail: 'boom', code: 'INTERNAL' }) : json(200, { groups: [group] }),
    });
    await renderPage(false);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    fireEvent.click(retry);
    const section = await screen.findByRole('region', { name: 'Same e-mail: ann@x.test' });
    expect(within(section).getByRole('link', { name: 'Annie Lee' }).getAttribute('href')).toBe(
      `/dashboard/people/${annie.id}`,
    );
    expect(within(section).queryByRole('button', { name: /Merge/ })).toBeNull();
    expect(within(section).queryByRole('radio')).toBeNull();
  });
});
