import { paths, withQuery } from '../../../utils/paths.ts';

/**
 * A `returnTo` value is only followed when it is a path of this site: it starts with one `/` and
 * is not a protocol-relative (`//host`) or backslash trick (`/\host`).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if ([...value].some((char) => char.charCodeAt(0) < 32)) return null;
  return value;
}

/** Where a signed-in user goes after signing in or registering. */
export function afterSignInPath(returnTo: string | null | undefined): string {
  return safeReturnTo(returnTo) ?? paths.dashboard.app;
}

/** The sign-in page, remembering the page that was asked for. */
export function loginPath(returnTo?: string | null, login: string = paths.auth.login): string {
  return withQuery(login, { returnTo: safeReturnTo(returnTo) });
}
