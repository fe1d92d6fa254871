import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { addressFor, expect, newWorkspace, openWithToken, signIn, test } from './fixtures.ts';

// The account page on the real server (issue 10): change one's password and sign in with it;
// turn on two-factor sign-in and sign in with a code.
test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signOut(page: Page) {
  await page.evaluate(() => window.localStorage.removeItem('accessToken'));
  await page.goto('/auth/login');
}

test('change the password on the Security tab, then sign in with it', async ({ page, request }) => {
  const { account, token } = await newWorkspace(request);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': addressFor(account.email) });
  await openWithToken(page, token, '/dashboard/user/account?tab=security');
  // A loaded machine can take a while to draw the first dashboard page.
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('This device')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const newPassword = `${account.password}-changed`;
  await page.getByLabel(/^Current password/).fill(account.password);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Your other devices were signed out.'),
  ).toBeVisible();

  await signOut(page);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toContainText('Invalid credentials');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('turn on two-factor sign-in, then sign in with a code from the app', async ({
  page,
  request,
}) => {
  const { account, token } = await newWorkspace(request);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': addressFor(account.email) });
  await openWithToken(page, token, '/dashboard/user/account?tab=security');
  await page.getByRole('button', { name: 'Turn on' }).click({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').first().textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel('6-digit code').fill(app.generate());
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  await codes.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await signOut(page);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // The code of the next step: the one enabling used cannot be used again.
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});
