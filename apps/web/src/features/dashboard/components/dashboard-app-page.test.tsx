import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { DashboardAppPage, isNewAccount, type DashboardUser } from './dashboard-app-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

const HOUR = 60 * 60 * 1000;

function nina(createdAt: string): DashboardUser {
  return {
    email: 'nina@example.com',
    first_name: 'Nina',
    last_name: 'Berg',
    role: 'admin',
    email_verified: true,
    // The name registration gives a new workspace.
    workspace: { id: 'ws-1', name: "Nina's workspace" },
    created_at: createdAt,
  };
}

async function renderPage(user: DashboardUser, lng = 'en') {
  const i18n = await initTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <MemoryRouter>
          <DashboardAppPage user={user} />
        </MemoryRouter>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

describe('DashboardAppPage greeting', () => {
  it('greets a new account "Welcome", not "Welcome back", and names its workspace once', async () => {
    await renderPage(nina(new Date(Date.now() - HOUR).toISOString()));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Nina');
    expect(screen.getByText(/Here is your place in/).textContent).toBe(
      "Here is your place in Nina's workspace.",
    );
    expect(document.body.textContent).not.toMatch(/workspace workspace/i);
  });

  it('greets an account of more than a day "Welcome back"', async () => {
    await renderPage(nina(new Date(Date.now() - 3 * 24 * HOUR).toISOString()));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back, Nina');
  });

  it('names the workspace once in every language', async () => {
    for (const lng of ['fr', 'vi', 'cn', 'ar']) {
      const i18n = await initTestI18n(lng);
      const text = i18n.t('app.subtitle', { ns: 'dashboard', workspace: 'X' });
      const word = i18n.t('app.workspace', { ns: 'dashboard' }).toLowerCase();
      expect(text.toLowerCase().includes(word), `${lng}: ${text}`).toBe(false);
    }
  });

  it('isNewAccount: within the last day only', () => {
    const now = Date.parse('2026-05-02T12:00:00.000Z');
    expect(isNewAccount('2026-05-02T11:00:00.000Z', now)).toBe(true);
    expect(isNewAccount('2026-05-01T11:00:00.000Z', now)).toBe(false);
    expect(isNewAccount(undefined, now)).toBe(false);
    expect(isNewAccount('not a date', now)).toBe(false);
  });
});

describe('DashboardAppPage content', () => {
  it("shows the member's role and the cards it is given", async () => {
    const i18n = await initTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <MemoryRouter>
            <DashboardAppPage user={nina(new Date().toISOString())}>
              <section aria-label="A card">card</section>
            </DashboardAppPage>
          </MemoryRouter>
        </ThemeProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'A card' }).textContent).toBe('card');
  });
});
