import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { MailDomain } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { MailDomainsCard } from './mail-domains-card.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const signed: MailDomain = {
  id: '00000000-0000-4000-8000-0000000000d1',
  domain: 'northwind.test',
  dkimSelector: 'beacon',
  hasDkimKey: true,
  dkimRecord: 'v=DKIM1; k=rsa; p=MIIB',
  createdAt: '2026-11-01T09:00:00.000Z',
};

async function renderCard(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MailDomainsCard />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return api;
}

describe('MailDomainsCard', () => {
  it('lists the domains with the DKIM record to publish, adds one and says why a delete is refused', async () => {
    const added: unknown[] = [];
    await renderCard({
      'GET /api/mail/domains': json(200, { domains: [signed] }),
      'POST /api/mail/domains/new': (init) => {
        added.push(JSON.parse(String(init.body)));
        return json(201, {
          domain: {
            ...signed,
            id: 'd2',
            domain: 'sales.test',
            hasDkimKey: false,
            dkimSelector: null,
            dkimRecord: null,
          },
        });
      },
      'POST /api/mail/domains/delete': json(409, {
        detail: 'Delete the domain’s mailboxes first',
        code: 'CONFLICT',
      }),
    });
    const item = await screen.findByRole('listitem', { name: 'northwind.test' });
    expect(within(item).getByText('DKIM: beacon')).toBeTruthy();
    expect(within(item).getByText('v=DKIM1; k=rsa; p=MIIB')).toBeTruthy();
    expect(
      within(item).getByText('Publish this TXT record at beacon._domainkey.northwind.test:'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a domain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mail domain' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Domain' }), {
      target: { value: 'sales.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(added).toEqual([{ domain: 'sales.test' }]));

    fireEvent.click(within(item).getByRole('button', { name: 'Delete northwind.test' }));
    expect(await screen.findByText('Delete the domain’s mailboxes first')).toBeTruthy();
  });

  it('says when there is no domain yet', async () => {
    await renderCard({ 'GET /api/mail/domains': json(200, { domains: [] }) });
    expect(await screen.findByText(/No domain yet/)).toBeTruthy();
  });
});
