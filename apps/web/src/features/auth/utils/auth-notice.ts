/**
 * A one-time notice for the sign-in page, kept in session storage so that it survives the
 * redirects between the page that raised it and the sign-in page.
 */
export type AuthNotice = 'tokenExpired' | 'passwordChanged';

const STORAGE_KEY = 'beacon.authNotice';
const NOTICES: readonly AuthNotice[] = ['tokenExpired', 'passwordChanged'];

export function setAuthNotice(notice: AuthNotice): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, notice);
  } catch {
    // No storage: the notice is lost, the redirect still happens.
  }
}

export function readAuthNotice(): AuthNotice | null {
  try {
    const value = window.sessionStorage.getItem(STORAGE_KEY);
    return NOTICES.find((notice) => notice === value) ?? null;
  } catch {
    return null;
  }
}

export function clearAuthNotice(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
