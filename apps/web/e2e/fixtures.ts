import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';

/**
 * Watches a page for what must never happen: a Content-Security-Policy violation, an uncaught
 * error, or a request to a host other than the app's (nothing is loaded from another host at run
 * time: README.md, "No call goes to a third-party host"). `settle()` answers everything seen so
 * far.
 *
 * CSP violations come from two places. Most are logged to the console; some are reported only
 * as an Issue (Chrome's Issues panel, the Audits domain of the DevTools protocol): a blocked
 * `eval` or `new Function` that the page catches, such as zod's probe for compiled parsers.
 * Lighthouse counts those against best practices, so the guard listens to both.
 */
export async function guardPage(page: Page, appHost: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      /content security policy|content-security-policy|refused to (load|apply|execute|connect|frame)/i.test(
        text,
      )
    ) {
      problems.push(`CSP violation: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`Uncaught error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.host !== appHost) {
      problems.push(`Request to another host: ${request.url()}`);
    }
  });
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Audits.issueAdded', ({ issue }) => {
    const csp = issue.details.contentSecurityPolicyIssueDetails;
    if (issue.code !== 'ContentSecurityPolicyIssue' || !csp) return;
    const location = csp.sourceCodeLocation;
    const where = location ? ` at ${location.url || '(inline)'}:${location.lineNumber + 1}` : '';
    const blocked = csp.blockedURL ? ` (${csp.blockedURL})` : '';
    problems.push(
      `CSP issue: ${csp.contentSecurityPolicyViolationType} blocked by ${csp.violatedDirective}${blocked}${where}`,
    );
  });
  // Sends the issues found so far, then each new one.
  await devtools.send('Audits.enable');
  return {
    async settle(): Promise<string[]> {
      // A round trip, so that an issue raised at the very end has arrived (the page may be gone).
      await devtools.send('Audits.disable').catch(() => undefined);
      return [...problems];
    },
  };
}

/** Every test fails when its page shows one of the problems `guardPage` looks for. */
export const test = base.extend<{ pageGuard: void }>({
  pageGuard: [
    async ({ page, baseURL }, use) => {
      if (!baseURL)
        throw new Error('BASE_URL is not set: run the browser tests with npm run test:e2e');
      const guard = await guardPage(page, new URL(baseURL).host);
      await use();
      expect(
        await guard.settle(),
        'CSP violations, page errors and requests to other hosts',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const DEMO_EMAIL = process.env.DEMO_EMAIL ?? 'demo@beacon.local';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? '';

let counter = 0;

/** A fresh account per call, unique per run. */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return {
    email: `e2e-${id}@example.com`,
    password: `e2e-password-${id}`,
    first_name: 'Erin',
    last_name: `Tester ${counter}`,
  };
}

export type Account = ReturnType<typeof newAccount>;

/**
 * The address an account's API calls come from. The test server trusts `X-Forwarded-For`
 * (scripts/e2e.mjs sets TRUST_PROXY), so each account gets its own address and a whole run stays
 * inside the per-address rate limits of /register and /token, which stay as they ship.
 */
export function addressFor(email: string): string {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** Registers an account through the API. */
export async function registerAccount(request: APIRequestContext, account: Account = newAccount()) {
  const response = await request.post('/register', {
    data: account,
    headers: { 'X-Forwarded-For': addressFor(account.email) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in through the API (`POST /token`) and returns the access token. */
export async function issueToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/token', {
    headers: { 'X-Forwarded-For': addressFor(email) },
    form: { username: email, password, grant_type: 'password' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** A new workspace through the API: its admin's account, token and the headers to call as them. */
export async function newWorkspace(request: APIRequestContext) {
  const account = await registerAccount(request, newAccount());
  const token = await issueToken(request, account.email, account.password);
  return { account, token, headers: { Authorization: `Bearer ${token}` } };
}

/** The same claims as a real token, re-signed with the server's secret to expire in `seconds`. */
export async function shortLivedToken(token: string, seconds: number) {
  const secret = process.env.JWT_SECRET;
  if (!secret)
    throw new Error('JWT_SECRET is not set: run the browser tests with npm run test:e2e');
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ wid: claims.wid, role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer('beacon')
    .setAudience('beacon')
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Opens the app once (so that its files are cached), puts a token where the app keeps it, then
 * opens `path`. The token is made just before use, so that a short-lived one is still fresh.
 */
export async function openWithToken(
  page: Page,
  token: string | (() => Promise<string>),
  path: string,
) {
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const value = typeof token === 'string' ? token : await token();
  await page.evaluate((stored) => window.localStorage.setItem('accessToken', stored), value);
  await page.goto(path);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Drags with the mouse as a person would: press, a small move to lift the card (or column), a
 * pause while it lifts, the way over in small steps, a pause, then release. The board's drag and
 * drop (kanban and deals) takes nothing quicker.
 */
export async function drag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag, or nowhere to drop');
  const x = start.x + start.width / 2;
  const y = start.y + Math.min(start.height / 2, 20);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 12, { steps: 4 });
  await page.waitForTimeout(300);
  await page.mouse.move(end.x + end.width / 2, end.y + Math.min(end.height / 2, 40), {
    steps: 25,
  });
  await page.waitForTimeout(500);
  await page.mouse.up();
}

export type CaughtMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The `In-Reply-To` of a reply (with its angle brackets). */
  inReplyTo?: string;
  attachments?: { filename: string; contentType: string; size: number }[];
  date: string;
};

/**
 * The newest message the server sent to `address`, as the e2e mail catcher received it over SMTP
 * (scripts/e2e-mail.mjs writes each to E2E_MAIL_DIR). Waits for it to arrive.
 */
export async function waitForMail(
  address: string,
  { subject, timeout = 30_000 }: { subject?: RegExp; timeout?: number } = {},
): Promise<CaughtMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser tests with npm run test:e2e');
  const wanted = address.toLowerCase();
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CaughtMail)
          .filter((mail) => mail.to.includes(wanted) && (!subject || subject.test(mail.subject)));
        found = mails.at(-1);
        return found !== undefined;
      },
      { timeout, message: `no mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that goes to `pathname` on the app. */
export function linkIn(mail: CaughtMail, pathname: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in "${mail.subject}":\n${mail.text}`);
  return link;
}

/**
 * A second member of the admin's workspace, through the real path: the admin invites them over
 * the API, the invitation arrives by mail, and the link's token is accepted. Answers their token.
 */
export async function addTeamMember(
  request: APIRequestContext,
  adminToken: string,
  role: 'admin' | 'contributor' | 'viewer' = 'contributor',
) {
  const account = newAccount();
  const invited = await request.post('/api/invitations', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { email: account.email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = new URL(linkIn(await waitForMail(account.email), '/auth/accept-invitation'));
  const accepted = await request.post('/api/invitations/accept', {
    headers: { 'X-Forwarded-For': addressFor(account.email) },
    data: {
      token: link.searchParams.get('token'),
      first_name: 'Second',
      last_name: 'Member',
      password: account.password,
    },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const token = await issueToken(request, account.email, account.password);
  return { account, token };
}
