import type { AuthInfoResponse } from '@beacon/contract';
import { authApi } from './auth-api.ts';

export type AuthInfo = AuthInfoResponse | null;

function fetchAuthInfo(): Promise<AuthInfo> {
  return authApi.info().catch((error: unknown) => {
    console.warn('Could not load the sign-in info', error);
    return null;
  });
}

/**
 * The sign-in page's loader for `GET /api/auth/info` (the demo credentials). The call starts when
 * this is created, which the route does while it loads the page's code, so the answer is there
 * when the page first draws and the demo box never pushes the form down. The first load takes
 * that answer; later visits ask again. A failure reads as "nothing to show" (null).
 */
export function createAuthInfoLoader(): () => Promise<AuthInfo> {
  let early: Promise<AuthInfo> | null = fetchAuthInfo();
  return () => {
    const answer = early ?? fetchAuthInfo();
    early = null;
    return answer;
  };
}
