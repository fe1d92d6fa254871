import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { expect, newWorkspace, openWithToken, test } from './fixtures.ts';

// Conversations on the real server (docs/decisions/061-conversations.md): a workspace of its own
// with a Beacon mailbox and a person; the team writes to them through the API, and their reply
// comes in through the server's inbound SMTP listener (scripts/e2e.mjs opens it), as it would
// from their mail program.
test.describe.configure({ timeout: 300_000 });

const inboundPort = Number(process.env.E2E_INBOUND_SMTP_PORT);

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a reply arrives in conversations and on the timeline, and a seller re-sorts it', async ({
  page,
  request,
}) => {
  expect(inboundPort, 'E2E_INBOUND_SMTP_PORT (scripts/e2e.mjs)').toBeGreaterThan(0);
  const { token, headers } = await newWorkspace(request);
  const post = async <T>(path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  const domain = `${crypto.randomUUID().slice(0, 8)}.e2e.test`;
  await post('/api/mail/domains/new', { domain });
  const { mailbox } = await post<{ mailbox: { id: string; address: string } }>(
    '/api/mail/mailboxes/new',
    { kind: 'beacon', address: `sales@${domain}`, displayName: 'Sales' },
  );
  const person = await post<{ id: string }>('/api/people', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@analytical.test',
    jobTitle: 'Head of research',
  });
  const { mail } = await post<{ mail: { messageId: string } }>('/api/mail/send', {
    mailboxId: mailbox.id,
    to: ['ada@analytical.test'],
    subject: 'Beacon for your research team',
    html: '<p>Would a shared inbox help your team?</p>',
  });

  await openWithToken(page, token, '/dashboard/conversations');
  // The first visit loads the page's code: give a loaded machine time.
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('No replies waiting here.')).toBeVisible({ timeout: 30_000 });
  expect(await axe(page)).toEqual([]);

  // Ada answers from her mail program: it arrives while the page is open.
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    envelope: { from: 'ada@analytical.test', to: [mailbox.address] },
    from: 'Ada Lovelace <ada@analytical.test>',
    to: mailbox.address,
    subject: 'Re: Beacon for your research team',
    inReplyTo: `<${mail.messageId}>`,
    references: [`<${mail.messageId}>`],
    text: 'Hello,\n\nThis sounds interesting. Can we book a call on Thursday?\n\nAda',
  });
  transport.close();

  const list = page.getByRole('list', { name: 'Replies' });
  const row = list.getByRole('button', { name: /Ada Lovelace/ });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Interested');
  await expect(page.getByRole('tab', { name: 'Interested (1)' })).toBeVisible();

  await row.click();
  const detail = page.getByRole('region', { name: 'The reply' });
  await expect(
    detail.getByRole('heading', { name: 'Re: Beacon for your research team' }),
  ).toBeVisible();
  await expect(detail.getByText('Can we book a call on Thursday?')).toBeVisible();
  await expect(detail.getByRole('complementary', { name: 'Person' })).toContainText(
    'Head of research',
  );
  await expect(detail.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    /compose=reply&mailId=/,
  );
  expect(await axe(page)).toEqual([]);

  // Re-sorted by hand: the tabs' counts follow.
  await detail.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Not now' }).click();
  await expect(page.getByText('Category changed.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Not now (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Interested (0)' })).toBeVisible();
  await expect(detail.getByText('Sorted by a member')).toBeVisible();

  // On Ada's timeline, the reply opens its message on the e-mails page.
  await page.goto(`/dashboard/people/${person.id}`);
  const entry = page.getByRole('link', { name: /Re: Beacon for your research team/ }).first();
  await expect(entry).toBeVisible({ timeout: 60_000 });
  await entry.click();
  await expect(page).toHaveURL(/\/dashboard\/emails\?open=/);
  const panel = page.getByRole('region', { name: 'The e-mail' });
  await expect(panel.getByText('Can we book a call on Thursday?')).toBeVisible({
    timeout: 60_000,
  });
  expect(await axe(page)).toEqual([]);
  // Closed, the page's table lists the reply with Ada.
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'E-mail activity' })).toContainText('Ada Lovelace');
  expect(await axe(page)).toEqual([]);
});
