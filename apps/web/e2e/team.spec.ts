import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  expect,
  linkIn,
  newAccount,
  newWorkspace,
  openWithToken,
  test,
  waitForMail,
} from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('an admin invites a member from the invite page, sees it pending, resends and revokes it', async ({
  page,
  request,
}) => {
  const { token } = await newWorkspace(request);
  const invitee = newAccount().email;
  await openWithToken(page, token, '/dashboard/user/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a member' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(invitee);
  await page.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: /^Viewer/ }).click();
  await page.getByRole('button', { name: 'Send invitation' }).click();

  // Back on the members list, with the invitation pending.
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  const row = pending.getByRole('row').filter({ hasText: invitee });
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText('Pending');
  expect(await seriousViolations(page)).toEqual([]);

  // The same address again is refused on its field. (The members page's search box is "Search
  // by name or e-mail": the invite page must be the one shown before its field is filled.)
  await page.getByRole('link', { name: 'Invite member' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a member' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/already has an invitation pending/)).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
  await expect(page.getByText(`Invitation sent again to ${invitee}`)).toBeVisible();
  await page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No invitation is pending.')).toBeVisible();
});

test('the invited person follows the mailed link in a second context, joins, and lands in the workspace', async ({
  page,
  request,
  browser,
}) => {
  const { token } = await newWorkspace(request);
  const invitee = newAccount();
  await openWithToken(page, token, '/dashboard/user/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a member' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: 'E-mail' }).fill(invitee.email);
  await page.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: /^Contributor/ }).click();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();

  // The invitation arrives by e-mail (over SMTP, to the run's mail catcher).
  const mail = await waitForMail(invitee.email);
  const link = linkIn(mail, '/auth/accept-invitation');

  // The invited person, signed out in their own browser, follows it.
  const guest = await browser.newContext();
  const invited = await guest.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Join your team on Beacon' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(invited.getByText(/as Contributor/)).toBeVisible();
  expect(await seriousViolations(invited)).toEqual([]);
  await invited.getByRole('textbox', { name: 'First name' }).fill('Ines');
  await invited.getByRole('textbox', { name: 'Last name' }).fill('Invited');
  await invited.getByRole('textbox', { name: 'Password' }).fill(invitee.password);
  await invited.getByRole('button', { name: 'Join the workspace' }).click();
  await expect(invited).toHaveURL(/\/dashboard/, { timeout: 30_000 });

  // They are a member of the admin's workspace: the admin's list shows them, no longer pending.
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: invitee.email })).toContainText(
    'Contributor',
    { timeout: 30_000 },
  );
  await expect(
    page.getByRole('table', { name: 'Pending invitations' }).getByText(invitee.email),
  ).toHaveCount(0);
  // And the link, once used, is refused.
  await invited.goto(link);
  await expect(invited.getByRole('alert')).toContainText('This invitation link is no longer valid');
  await guest.close();
});

test('a link that is not valid is refused on the accept page, signed out, in a second context', async ({
  browser,
}) => {
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(`/auth/accept-invitation?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('This invitation link is no longer valid');
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await guest.close();
});

test('the cards show the members of the workspace, each opening their profile', async ({
  page,
  request,
}) => {
  const { token, account } = await newWorkspace(request);
  await openWithToken(page, token, '/dashboard/user/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible({
    timeout: 30_000,
  });
  const card = page.getByRole('link', { name: /Open the profile of/ });
  await expect(card).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.first_name);
  await expect(page.getByText('Recent activity')).toBeVisible();
});
