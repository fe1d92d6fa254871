import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { CreateRecordDialog } from './create-record-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
const NOW = '2026-11-24T10:00:00.000Z';
afterEach(() => vi.unstubAllGlobals());

async function renderDialog(language: 'en' | 'fr' = 'en') {
  const i18n = await initTestI18n(language);
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithStore(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <CreateRecordDialog
            entity="companies"
            open
            members={[]}
            onClose={onClose}
            onCreated={onCreated}
          />
        </ThemeProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { onCreated, onClose, i18n };
}

describe('the "New company" dialog', () => {
  it("words the schema's refusals and the server's taken domain, and creates once it may", async () => {
    let posts = 0;
    const api = stubApi({
      'POST /api/companies': (init) => {
        posts += 1;
        const body = JSON.parse(String(init.body)) as { name: string; domain: string };
        return body.domain === 'taken.example'
          ? json(409, { detail: 'Another company has this domain', code: 'CONFLICT' })
          : json(201, {
              id: 'c-1',
              industry: '',
              size: null,
              revenueRange: null,
              city: '',
              region: '',
              country: '',
              description: '',
              linkedinUrl: '',
              ownerId: null,
              tags: [],
              peopleCount: 0,
              createdAt: NOW,
              updatedAt: NOW,
              lastActivityAt: NOW,
              name: body.name,
              domain: body.domain,
            });
      },
    });
    const { onCreated, onClose } = await renderDialog();
    const dialog = await screen.findByRole('dialog');
    const field = (name: string) => within(dialog).getByRole('textbox', { name: new RegExp(name) });
    fireEvent.change(field('Domain'), { target: { value: 'not a domain' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(within(dialog).getByText('Not a domain such as example.com')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    fireEvent.change(field('Name'), { target: { value: 'Northwind' } });
    fireEvent.change(field('Domain'), { target: { value: 'taken.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Another company already has this domain')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect(posts).toBe(1);

    fireEvent.change(field('Domain'), { target: { value: 'northwind.example' } });
    await waitFor(() =>
      expect(within(dialog).queryByText('Another company already has this domain')).toBeNull(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(posts).toBe(2);
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ id: 'c-1', name: 'Northwind' });
  });

  it('words the messages in the language of the page', async () => {
    stubApi({});
    const { i18n } = await renderDialog('fr');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('crm:actions.create') }));
    expect(await within(dialog).findByText(i18n.t('common:validation.required'))).toBeTruthy();
    expect(i18n.t('common:validation.required')).not.toBe('Required');
  });
});
