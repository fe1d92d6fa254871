import { expect } from '@playwright/test';
import { openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The team's screens (issue 10) on the demo workspace: members list, cards, invite, edit, profile,
 * and the accept-invitation page with a link that is not valid, in light and dark, English and
 * Arabic, 1440 and 390 wide.
 */
test('team screens', async ({ page, request, baseURL }) => {
  test.setTimeout(900_000);
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const members = (await (
    await request.get('/api/members/directory', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: string; email: string }[];
  const leo = members.find((m) => m.email.startsWith('leo'))!;

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = (screen: string) => `${directory}/team-${screen}-${width}-${mode}-${lng}.png`;
        await display(page, baseURL, { width, mode, lng });
        for (const [screen, path] of [
          ['list', '/dashboard/user/list'],
          ['cards', '/dashboard/user/cards'],
          ['invite', '/dashboard/user/new'],
          ['edit', `/dashboard/user/${leo.id}/edit`],
          ['profile', '/dashboard/user/profile'],
          ['member', `/dashboard/user?member=${leo.id}`],
        ] as const) {
          await openWithToken(page, token, `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          await settled(page);
          await expect(page.getByRole('status')).toHaveCount(0, { timeout: 20_000 });
          await page.waitForTimeout(300);
          await page.screenshot({ path: name(screen), fullPage: true });
        }
        await page.evaluate(() => window.localStorage.removeItem('accessToken'));
        await page.goto(`/auth/accept-invitation?token=${'x'.repeat(43)}&lng=${lng}`);
        await settled(page);
        await page.getByRole('alert').waitFor();
        await page.screenshot({ path: name('accept-invalid'), fullPage: true });
      }
    }
  }
});
