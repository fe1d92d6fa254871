import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import {
  expect,
  newWorkspace,
  openWithToken,
  test,
  waitForMail,
  type CaughtMail,
} from './fixtures.ts';

// Compose on the real server (issue 12): a workspace of its own with a Beacon mailbox (with a
// signature) and a person. Mail leaves through the server's SMTP_URL, the e2e catcher
// (scripts/e2e-mail.mjs), after the undo delay; a mail to the mailbox comes in through the
// server's inbound SMTP listener (scripts/e2e.mjs opens both).
test.describe.configure({ timeout: 300_000 });

const inboundPort = Number(process.env.E2E_INBOUND_SMTP_PORT);

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every mail the catcher received with this subject. */
function caught(subject: string): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CaughtMail)
    .filter((mail) => mail.subject === subject);
}

test('compose from a person’s page with an attachment, undo a send, and reply to a mail', async ({
  page,
  request,
}) => {
  expect(inboundPort, 'E2E_INBOUND_SMTP_PORT (scripts/e2e.mjs)').toBeGreaterThan(0);
  const { token, headers } = await newWorkspace(request);
  const post = async <T>(url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  const domain = `${crypto.randomUUID().slice(0, 8)}.e2e.test`;
  await post('/api/mail/domains/new', { domain });
  const { mailbox } = await post<{ mailbox: { id: string; address: string } }>(
    '/api/mail/mailboxes/new',
    {
      kind: 'beacon',
      address: `sam@${domain}`,
      displayName: 'Sam Seller',
      signature: 'Sam Seller\nNorthwind sales',
    },
  );
  const person = await post<{ id: string }>('/api/people', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@analytical.test',
  });

  // 1. From Ada's page: a new message to her, with a file, sent and caught over SMTP.
  await openWithToken(page, token, `/dashboard/people/${person.id}`);
  await page.getByRole('link', { name: 'Send e-mail' }).click({ timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: 'New message' })).toBeVisible({ timeout: 30_000 });
  // The window is named after its subject once there is one.
  const dialog = page.locator('[data-testid=compose-window][data-state=open]');
  await expect(dialog.getByRole('button', { name: 'ada@analytical.test' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'From' })).toContainText(mailbox.address);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Offer for the research team');
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Hello Ada, the offer is attached.');
  await dialog.getByRole('button', { name: 'Attach files' }).click();
  await dialog.getByTestId('upload-files-input').setInputFiles({
    name: 'offer.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('item,price\nSeats,1200\n'),
  });
  await expect(dialog.getByText(/offer\.csv · /)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('compose-signature')).toContainText('Northwind sales');
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  const offer = await waitForMail('ada@analytical.test', {
    subject: /^Offer for the research team$/,
    timeout: 90_000,
  });
  expect(offer.from).toBe(mailbox.address);
  expect(offer.text).toContain('Hello Ada, the offer is attached.');
  expect(offer.text).toContain('Northwind sales');
  expect(offer.attachments?.map((a) => a.filename)).toEqual(['offer.csv']);

  // 2. Undo: the message comes back as it was, never leaves, and closing keeps it as a draft.
  await page.goto(`/dashboard/people/${person.id}?compose=new&to=ada%40analytical.test`);
  await expect(page.getByRole('dialog', { name: 'New message' })).toBeVisible({ timeout: 30_000 });
  const second = page.locator('[data-testid=compose-window][data-state=open]');
  await second.getByRole('textbox', { name: 'Subject' }).fill('Please ignore this one');
  await second.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Sent by mistake.');
  await second.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  const back = page.getByRole('dialog', { name: 'Please ignore this one' });
  await expect(back).toBeVisible({ timeout: 10_000 });
  await expect(back.getByRole('textbox', { name: 'Message' })).toContainText('Sent by mistake.');
  await back.getByRole('button', { name: 'Close (saves a draft)' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  const drafts = await request.get('/api/mail/mails?label=drafts', { headers });
  const draftList = (await drafts.json()) as { mails: { subject: string }[] };
  expect(draftList.mails.map((m) => m.subject)).toContain('Please ignore this one');
  // Past the undo window (and the job's turn), nothing went out.
  await page.waitForTimeout(15_000);
  expect(caught('Please ignore this one')).toEqual([]);

  // 3. Ada writes to the mailbox; the reply goes out in her thread.
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  const messageId = `<${crypto.randomUUID()}@analytical.test>`;
  await transport.sendMail({
    envelope: { from: 'ada@analytical.test', to: [mailbox.address] },
    from: 'Ada Lovelace <ada@analytical.test>',
    to: mailbox.address,
    subject: 'Question about pricing',
    messageId,
    text: 'Is there a discount for universities?',
  });
  transport.close();
  let mailId = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/mail/mails?label=inbox', { headers });
        const list = (await answer.json()) as { mails: { id: string; subject: string }[] };
        mailId = list.mails.find((m) => m.subject === 'Question about pricing')?.id ?? '';
        return mailId;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  await page.goto(`/dashboard/people/${person.id}?compose=reply&mailId=${mailId}`);
  const reply = page.getByRole('dialog', { name: 'Re: Question about pricing' });
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(reply.getByRole('button', { name: 'ada@analytical.test' })).toBeVisible();
  await expect(reply.getByRole('textbox', { name: 'Message' })).toContainText(
    'Is there a discount for universities?',
  );
  await reply.getByRole('textbox', { name: 'Message' }).press('Control+Home');
  await page.keyboard.type('Yes: 30% for universities.');
  expect(await axe(page)).toEqual([]);
  await reply.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  const answered = await waitForMail('ada@analytical.test', {
    subject: /^Re: Question about pricing$/,
    timeout: 90_000,
  });
  expect(answered.inReplyTo).toBe(messageId);
  expect(answered.text).toContain('Yes: 30% for universities.');
  expect(answered.text).toContain('Is there a discount for universities?');

  // 4. The account's Mailboxes tab lists the mailbox.
  await page.goto('/dashboard/user/account?tab=mailboxes');
  await expect(page.getByRole('listitem', { name: mailbox.address })).toBeVisible({
    timeout: 60_000,
  });
  expect(await axe(page)).toEqual([]);
});

test('a person without consent cannot be written to from their page', async ({ page, request }) => {
  const { token, headers } = await newWorkspace(request);
  const response = await request.post('/api/people', {
    headers,
    data: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.test',
      consent: { status: 'withdrawn', method: 'email', note: 'Asked to stop' },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const person = (await response.json()) as { id: string };
  await openWithToken(page, token, `/dashboard/people/${person.id}`);
  const button = page.getByRole('button', { name: 'Send e-mail' });
  await expect(button).toBeDisabled({ timeout: 60_000 });
  await expect(button).toHaveAccessibleDescription('This person withdrew their consent to e-mail.');
});
