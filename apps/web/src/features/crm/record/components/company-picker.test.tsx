import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { json, stubApi } from '../../../../test/fetch.ts';
import { initTestI18n } from '../../../../test/i18n.ts';
import { renderWithStore } from '../../../../test/render.tsx';
import { ThemeProvider } from '../../../../theme/index.ts';
import { CompanyPicker } from './company-picker.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-11-24T10:00:00.000Z';
const company = {
  id: 'c-1',
  name: 'Initech',
  domain: 'initech.example',
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
};

describe('CompanyPicker', () => {
  it('searches companies as typed, shows name and domain, and saves the chosen one', async () => {
    const api = stubApi({
      'GET /api/companies': json(200, { items: [company], nextCursor: null }),
    });
    const onSave = vi.fn(async () => {});
    const i18n = await initTestI18n('en');
    renderWithStore(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <CompanyPicker value={null} onSave={onSave} />
        </ThemeProvider>
      </I18nextProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Company' });
    fireEvent.focus(box);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.change(box, { target: { value: 'Init' } });
    const option = (await screen.findByText('Initech')).closest('li') as HTMLElement;
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([url]) => new URL(String(url), 'http://x').searchParams.get('q') === 'Init',
        ),
      ).toBe(true),
    );
    expect(option.textContent).toBe('Initech · initech.example');
    fireEvent.click(option);
    expect(onSave).toHaveBeenCalledWith(
      'c-1',
      expect.objectContaining({ id: 'c-1', name: 'Initech', domain: 'initech.example' }),
    );
  });

  it("shows the server's refusal under the field", async () => {
    stubApi({ 'GET /api/companies': json(200, { items: [company], nextCursor: null }) });
    const onSave = vi.fn(async () => {
      throw Object.assign(new Error('Nope'), { message: 'Nope' });
    });
    const i18n = await initTestI18n('en');
    renderWithStore(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <CompanyPicker value={null} onSave={onSave} />
        </ThemeProvider>
      </I18nextProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Company' });
    fireEvent.focus(box);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.click((await screen.findByText('Initech')).closest('li') as HTMLElement);
    expect(await screen.findByText('Nope')).toBeTruthy();
  });
});
