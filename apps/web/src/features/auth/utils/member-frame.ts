import type { AuthUser } from '../state/auth-reducer.ts';

/**
 * The few things about the signed-in member that the signed-in frame drawn at build time shows
 * (their names, e-mail, workspace and role: docs/decisions/056-signed-in-frame-at-build-time.md),
 * kept in local storage beside the token whenever `GET /user/me` answers, and removed with the
 * session. On a later cold visit the inline script of the drawn page (scripts/prerender.mjs) fills
 * them into the frame before it paints; without them, or for another member than the token's, the
 * page is drawn from scratch as before.
 */
export const MEMBER_FRAME_KEY = 'beacon.member';

export type MemberFrame = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  workspace: string;
  created_at: string;
  email_verified: boolean;
};

/** The snapshot of a fully loaded user; null while only part of it is known (just registered). */
export function memberFrameOf(user: AuthUser | null): MemberFrame | null {
  if (!user?.id || !user.workspace || !user.role || !user.created_at) return null;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    workspace: user.workspace.name,
    created_at: user.created_at,
    email_verified: user.email_verified !== false,
  };
}

/** Keeps (or, signed out, removes) the member's snapshot. */
export function rememberMember(user: AuthUser | null): void {
  const frame = memberFrameOf(user);
  try {
    if (frame) window.localStorage.setItem(MEMBER_FRAME_KEY, JSON.stringify(frame));
    else if (!user) window.localStorage.removeItem(MEMBER_FRAME_KEY);
  } catch {
    // Storage can be unavailable (privacy modes): every visit is then drawn from scratch.
  }
}
