import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Account, MemberProfile } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { AccountPage } from './account-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const account: Account = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+33612345678',
  timeZone: 'Europe/Paris',
  language: null,
  emailSignature: 'Ada',
  twoFactorEnabled: false,
  recoveryCodesLeft: 0,
  pendingEmail: null,
};

const sessions = {
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      browser: 'Firefox 133',
      os: 'macOS Sonoma',
      deviceType: 'desktop',
      ip: '10.0.0.1',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastUsedAt: '2026-11-24T09:00:00.000Z',
      current: true,
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      browser: 'Chrome 131',
      os: 'Android 14',
      deviceType: 'mobile',
      ip: '10.0.0.2',
      createdAt: '2026-11-21T09:00:00.000Z',
      lastUsedAt: '2026-11-23T09:00:00.000Z',
      current: false,
    },
  ],
};

async function renderPage(tab: string, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/account': json(200, account), ...routes });
  const i18n = await initTestI18n('en');
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[`/dashboard/user/account${tab ? `?tab=${tab}` : ''}`]}>
            <AccountPage canEdit />
          </MemoryRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return api;
}

const sent = (api: ReturnType<typeof stubApi>, method: string, path: string) =>
  api.mock.calls.find(([url, init]) => init?.method === method && String(url).endsWith(path));

describe('the account page', () => {
  it('fills the General tab, refuses a wrong phone before sending, and saves the rest', async () => {
    const api = await renderPage('', {
      'PATCH /api/account': json(200, { ...account, firstName: 'Augusta' }),
    });
    const first = await screen.findByLabelText(/first name/i);
    expect((first as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText(/phone/i) as HTMLInputElement).value).toBe('+33612345678');

    fireEvent.change(screen.getByLabelText(/phone/i), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /save changes/i }));
    expect(await screen.findByText(/not a valid phone number/i)).toBeTruthy();
    expect(sent(api, 'PATCH', '/api/account')).toBeUndefined();

    fireEvent.change(screen.getByLabelText(/phone/i), { target: { value: '+44 20 7946 0958' } });
    fireEvent.change(first, { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(sent(api, 'PATCH', '/api/account')).toBeDefined());
    expect(JSON.parse(String(sent(api, 'PATCH', '/api/account')![1]!.body))).toMatchObject({
      firstName: 'Augusta',
      phone: '+44 20 7946 0958',
      timeZone: 'Europe/Paris',
    });
    expect(await screen.findByText(/your account is saved/i)).toBeTruthy();
  });

  it('uploads a profile picture from the General tab, as on the profile page', async () => {
    const profile: MemberProfile = {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: 'admin',
      status: 'active',
      recordVisibility: 'all',
      title: null,
      about: null,
      timeZone: 'Europe/Paris',
      avatarUrl: null,
      coverUrl: null,
      lastActiveAt: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    };
    const api = await renderPage('', {
      'GET /api/members/me': json(200, profile),
      'PUT /api/members/me/avatar': json(200, profile),
    });
    const picture = await screen.findByRole('region', { name: /profile picture/i });
    expect(within(picture).getByRole('button', { name: /upload photo/i })).toBeTruthy();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    const input = picture.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(sent(api, 'PUT', '/api/members/me/avatar')).toBeDefined());
    expect(await screen.findByText(/picture saved/i)).toBeTruthy();
  });

  it('lists the devices on the Security tab and signs another one out', async () => {
    const api = await renderPage('security', {
      'GET /api/account/sessions': json(200, sessions),
      'DELETE /api/account/sessions/00000000-0000-4000-8000-0000000000a2': new Response(null, {
        status: 204,
      }),
    });
    expect(await screen.findByText('Firefox 133 · macOS Sonoma')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /sign out chrome 131/i }));
    await waitFor(() =>
      expect(
        sent(api, 'DELETE', '/api/account/sessions/00000000-0000-4000-8000-0000000000a2'),
      ).toBeDefined(),
    );
    expect(await screen.findByText(/the device was signed out/i)).toBeTruthy();
  });

  it('says which current password is wrong when the server refuses it', async () => {
    await renderPage('security', {
      'GET /api/account/sessions': json(200, sessions),
      'POST /api/account/password': json(400, {
        detail: 'currentPassword: The password is wrong',
        code: 'VALIDATION_FAILED',
        errors: { currentPassword: ['The password is wrong'] },
      }),
    });
    fireEvent.change(await screen.findByLabelText(/^current password/i), {
      target: { value: 'guess' },
    });
    fireEvent.change(screen.getByLabelText(/^new password/i), {
      target: { value: 'a brand new password' },
    });
    fireEvent.change(screen.getByLabelText(/confirm new password/i), {
      target: { value: 'a brand new password' },
    });
    fireEvent.click(screen.getByRole('button', { name: /change password/i }));
    expect(await screen.findByText('The password is wrong')).toBeTruthy();
  });

  it('sets up two-factor sign-in with the QR code and shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);
    const api = await renderPage('security', {
      'GET /api/account/sessions': json(200, sessions),
      'POST /api/account/two-factor/setup': json(201, {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Beacon:ada?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      'POST /api/account/two-factor/enable': json(200, { recoveryCodes: codes }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^turn on$/i }));
    expect((await screen.findByRole('img', { name: /qr code/i })).getAttribute('src')).toBe(
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    fireEvent.change(screen.getByLabelText(/6-digit code/i), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /^confirm$/i }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(sent(api, 'POST', '/api/account/two-factor/enable')).toBeUndefined();

    fireEvent.change(screen.getByLabelText(/6-digit code/i), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /^confirm$/i }));
    const dialog = await screen.findByRole('dialog', { name: /your recovery codes/i });
    for (const code of codes) expect(within(dialog).getByText(code)).toBeTruthy();
  });

  it('keeps the notification choices and sends them', async () => {
    const api = await renderPage('notifications', {
      'GET /api/account/notifications': json(200, {
        items: [{ kind: 'task_due', inApp: true, email: false }],
      }),
      'PUT /api/account/notifications': json(200, {
        items: [{ kind: 'task_due', inApp: true, email: true }],
      }),
    });
    const byMail = await screen.findByRole('switch', { name: /a task is due: by e-mail/i });
    expect((byMail as HTMLInputElement).checked).toBe(false);
    fireEvent.click(byMail);
    fireEvent.click(screen.getByRole('button', { name: /save changes/i }));
    await waitFor(() => expect(sent(api, 'PUT', '/api/account/notifications')).toBeDefined());
    expect(JSON.parse(String(sent(api, 'PUT', '/api/account/notifications')![1]!.body))).toEqual({
      items: [{ kind: 'task_due', inApp: true, email: true }],
    });
  });

  it('asks for a new address with the password and says where the link went', async () => {
    await renderPage('email', {
      'POST /api/account/email': json(202, { detail: 'A confirmation link is on its way.' }),
    });
    expect(await screen.findByText('ada@example.test')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/new address/i), {
      target: { value: 'augusta@example.test' },
    });
    fireEvent.change(screen.getByLabelText(/current password/i), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByRole('button', { name: /send confirmation link/i }));
    expect(
      await screen.findByText(/a confirmation link was sent to augusta@example.test/i),
    ).toBeTruthy();
  });

  it('shows the failure and a retry when the account cannot load', async () => {
    await renderPage('', { 'GET /api/account': json(500, { detail: 'x', code: 'INTERNAL' }) });
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
