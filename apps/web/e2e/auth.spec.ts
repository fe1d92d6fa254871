import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  expect,
  issueToken,
  newAccount,
  openWithToken,
  registerAccount,
  shortLivedToken,
  signIn,
  test,
} from './fixtures.ts';

test('register a new account, stay signed in across a reload, then sign out', async ({ page }) => {
  // Three first loads of the app (register, the dashboard, a reload) and a sign-out: on a busy
  // two-core machine this passed 30 s.
  test.slow();
  const account = newAccount();
  await page.goto('/auth/register');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your Beacon account' }),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'First name' }).fill(account.first_name);
  await page.getByRole('textbox', { name: 'Last name' }).fill(account.last_name);
  await page.getByRole('textbox', { name: 'Email address' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard\/app$/);
  const greeting = page.getByRole('heading', {
    level: 1,
    // A new account is greeted as new (an account older than a day gets "Welcome back").
    name: `Welcome, ${account.first_name}`,
  });
  await expect(greeting).toBeVisible();
  // The new user is the admin of a new workspace, and has not verified the e-mail yet.
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify now' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(greeting).toBeVisible();

  // Sign-out is in the account menu of the header.
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Beacon' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();

  // Signed out for real: the dashboard sends us back to sign-in.
  await page.goto('/dashboard/app');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Fapp$/);
});

test("a wrong password shows 'Invalid credentials'", async ({ page, request }) => {
  const account = await registerAccount(request);
  await page.goto('/auth/login');
  await signIn(page, account.email, `${account.password}-wrong`);
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('sign in with the demo account shown on the sign-in page', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByText(DEMO_EMAIL, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Use demo account' }).click();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(DEMO_EMAIL);
  if (DEMO_PASSWORD)
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(
      DEMO_PASSWORD,
    );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / })).toBeVisible();
});

test('a signed-out visit to the dashboard goes to sign-in and comes back after it', async ({
  page,
}) => {
  await page.goto('/dashboard/app');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Fapp$/);
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / })).toBeVisible();
});

test("an expiring token signs the user out with 'Token expired'", async ({ page, request }) => {
  const account = await registerAccount(request);
  const token = await issueToken(request, account.email, account.password);

  // The server accepts the token (the dashboard opens), then it runs out in the browser.
  const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/user/me');
  await openWithToken(page, () => shortLivedToken(token, 10), '/dashboard/app');
  expect((await me).status()).toBe(200);

  await expect(page.getByText('Token expired', { exact: true })).toBeVisible({ timeout: 25_000 });
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
});

test('unknown pages show the 404 page with a way back', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('Arabic switches the page to right-to-left', async ({ page }) => {
  await page.goto('/auth/login?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(
    page.getByRole('heading', { level: 1, name: 'سجّل الدخول إلى Beacon' }),
  ).toBeVisible();
  await page.goto('/auth/login?lng=fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('the sign-in page loads no MUI and no Emotion', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (item) => {
    if (item.resourceType() === 'script') scripts.push(item.url());
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Beacon' })).toBeVisible();
  await expect(page.getByText(DEMO_EMAIL, { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The page is drawn with plain components and CSS files (decision 018): none of the scripts
  // it loads holds MUI's components or theme, or Emotion's style sheets.
  expect(scripts.length).toBeGreaterThan(0);
  const foreign = /\/(mui|emotion|stylis|ThemeProvider|createTheme|CssBaseline)[-.]/i;
  expect(scripts.filter((script) => foreign.test(new URL(script).pathname))).toEqual([]);
  for (const script of scripts) {
    const body = await (await request.get(script)).text();
    const found = /\bMui[A-Z]\w+|data-emotion|__EMOTION_/.exec(body);
    expect(found?.[0] ?? null, new URL(script).pathname).toBeNull();
  }
  // Its form and the settings still draw in the theme's colours (the CSS custom properties).
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(button).toHaveCSS('background-color', 'rgb(0, 120, 103)');
});

test('the sign-in page loads its own code only, and draws once, with the demo box', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Beacon' })).toBeVisible();
  await expect(page.getByText(DEMO_EMAIL, { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // zod and react-hook-form load on the first submit; the store and the dashboard never here
  // (docs/decisions/017-sign-in-bundle.md).
  const foreign = /\/(zod|forms|redux|react-redux|dashboard|calendar|kanban|Select|Menu|Modal)[-.]/;
  expect(scripts.filter((script) => foreign.test(script))).toEqual([]);
  // The demo credentials and the fonts are there when the form first draws: nothing moves.
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  );
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);

  // The first submit loads the contract's rule and shows its messages.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  expect(scripts.some((script) => /\/zod[-.]/.test(script))).toBe(true);
});
