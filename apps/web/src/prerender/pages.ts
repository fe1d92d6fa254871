/**
 * The pages drawn at build time, by path, with the file the server sends for each
 * (`dist/prerendered/<file>.html`). The sign-in page has a second file with the demo account's
 * box, whose e-mail and password the server fills in (`DEMO_EMAIL`, `DEMO_PASSWORD`).
 *
 * `frame`: a signed-in page, drawn for `FRAME_MEMBER` at phone width; its inline script puts the
 * member's own names in place of the markers before it paints, and the app replaces it once it
 * has started (docs/decisions/056-signed-in-frame-at-build-time.md).
 */
export const PRERENDERED_PAGES: Record<
  string,
  { file: string; demoFile?: string; frame?: boolean }
> = {
  '/': { file: 'landing' },
  '/auth/login': { file: 'login', demoFile: 'login-demo' },
  '/dashboard/app': { file: 'dashboard-app', frame: true },
  '/dashboard/people': { file: 'dashboard-people', frame: true },
  '/dashboard/calendar': { file: 'dashboard-calendar', frame: true },
  '/dashboard/kanban': { file: 'dashboard-kanban', frame: true },
};

export const DEMO_EMAIL = 'beacon-demo-email@prerender.invalid';
export const DEMO_PASSWORD = 'BEACON_DEMO_PASSWORD';

/**
 * Markers (a private-use character and a letter) that the frame's member is drawn with: the
 * first name, last name, e-mail, workspace name and role, and the avatar's initials (the first
 * letters of both names), and the home page's greeting. The frame is drawn as an admin whose
 * e-mail is verified; a member for whom the page would differ otherwise (a viewer, an unverified
 * account) gets the page drawn from scratch.
 */
export const FRAME_MARKERS = {
  first: '\uE000F',
  last: '\uE000L',
  email: '\uE000E',
  workspace: '\uE000W',
  role: '\uE000R',
  /** The home page's heading ("Welcome back, …" or, for an account younger than a day, "Welcome, …"). */
  greeting: '\uE000G',
  initials: '\uE000\uE000',
} as const;

export const FRAME_MEMBER = {
  id: '00000000-0000-4000-8000-000000000000',
  email: FRAME_MARKERS.email,
  first_name: FRAME_MARKERS.first,
  last_name: FRAME_MARKERS.last,
  role: 'admin',
  email_verified: true,
  workspace: { id: '00000000-0000-4000-8000-000000000001', name: FRAME_MARKERS.workspace },
  created_at: '2000-01-01T00:00:00.000Z',
} as const;
