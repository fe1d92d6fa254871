/**
 * The pages drawn at build time, by path, with the file the server sends for each
 * (`dist/prerendered/<file>.html`). The sign-in page has a second file with the demo account's
 * box, whose e-mail and password the server fills in (`DEMO_EMAIL`, `DEMO_PASSWORD`).
 */
export const PRERENDERED_PAGES: Record<string, { file: string; demoFile?: string }> = {
  '/': { file: 'landing' },
  '/auth/login': { file: 'login', demoFile: 'login-demo' },
};

export const DEMO_EMAIL = 'beacon-demo-email@prerender.invalid';
export const DEMO_PASSWORD = 'BEACON_DEMO_PASSWORD';
