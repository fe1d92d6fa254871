import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import {
  DEMO_PASSWORD,
  expect,
  issueToken,
  newWorkspace,
  openWithToken,
  test,
} from './fixtures.ts';

// The mail app on the real server (docs/decisions/059-mail-app.md): the demo mailbox, and a
// workspace of its own whose mail comes in through the server's inbound SMTP listener
// (scripts/e2e.mjs opens it) as it would from a sender's mail server.
test.describe.configure({ timeout: 300_000 });

const inboundPort = Number(process.env.E2E_INBOUND_SMTP_PORT);

/** axe on the page; the mail's own HTML (a sender's markup, in its sandboxed frame) is left out. */
async function axe(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe[data-testid="mail-frame"]')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Message = Parameters<ReturnType<typeof nodemailer.createTransport>['sendMail']>[0];

async function deliver(to: string, message: Message) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({
      envelope: { from: String(message.from), to: [to] },
      to,
      ...message,
    });
  } finally {
    transport.close();
  }
}

test('the demo mailbox: open a thread, star it, label it, search', async ({ page, request }) => {
  const token = await issueToken(request, 'demo@beacon.local', DEMO_PASSWORD || 'beacon-demo');
  await openWithToken(page, token, '/dashboard/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible({
    timeout: 60_000,
  });
  const list = page.getByRole('list', { name: 'Mails' });
  const row = list.getByRole('button', { name: /Security questionnaire/ });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: 'Mail labels' });
  await expect(nav.getByRole('button', { name: /^Inbox/ })).toHaveAttribute('aria-current', 'page');

  await row.click();
  await expect(page).toHaveURL(/label=inbox.*mail=/);
  const reader = page.getByRole('region', { name: 'Reading' });
  await expect(reader.getByRole('heading', { name: 'Security questionnaire' })).toBeVisible();
  await expect(reader.getByTestId('mail-message').first()).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Reply opens the compose window on this thread (features/mail/compose), discarded here.
  await reader.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = page.getByRole('dialog', { name: /^Re: Security questionnaire/ });
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await reply.getByRole('button', { name: 'Discard' }).click();
  await expect(reply).toHaveCount(0);

  // Star the thread: the list's star follows.
  const toolbar = reader.getByRole('toolbar', { name: 'Actions on this conversation' });
  await toolbar.getByRole('button', { name: 'Star' }).click();
  await expect(page.getByText('Starred.').or(page.getByText(/mails starred/))).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Remove the star' })).toBeVisible();
  await expect(
    list.getByRole('listitem').filter({ hasText: 'Security questionnaire' }).getByRole('button', {
      name: 'Remove the star',
    }),
  ).toBeVisible();

  // A label of its own, made here and applied to the thread.
  await nav.getByRole('button', { name: 'New label' }).click();
  const dialog = page.getByRole('dialog', { name: 'New label' });
  const name = `Vendor review ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: 'Amber' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(nav.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('menuitemcheckbox', { name }).click();
  await expect(reader.getByRole('list', { name: 'Labels of this conversation' })).toContainText(
    name,
  );
  // Under the label, the thread is listed.
  await nav.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(/label=[0-9a-f-]{36}/);
  await expect(list.getByRole('button', { name: /Security questionnaire/ })).toBeVisible();

  // Search the mailbox.
  await nav.getByRole('button', { name: /^Inbox/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Inbox' })).toBeVisible();
  await expect(list.getByTestId('mail-row').first()).toBeVisible();
  const all = await list.getByTestId('mail-row').count();
  await page.getByRole('searchbox', { name: /Search the subject/ }).fill('questionnaire');
  await expect(page).toHaveURL(/label=inbox.*q=questionnaire|q=questionnaire.*label=inbox/);
  await expect(list.getByRole('button', { name: /Security questionnaire/ })).toBeVisible();
  await expect
    .poll(async () => list.getByTestId('mail-row').count(), { timeout: 20_000 })
    .toBeLessThan(all);

  // Back where it was: the demo stays as it came (the star off, the label gone).
  await page.getByRole('searchbox', { name: /Search the subject/ }).fill('');
  await list.getByRole('button', { name: /Security questionnaire/ }).click();
  await reader
    .getByRole('toolbar', { name: 'Actions on this conversation' })
    .getByRole('button', { name: 'Remove the star' })
    .click();
  await expect(
    page.getByText('Star removed.').or(page.getByText(/Star removed from/)),
  ).toBeVisible();
  await nav.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete the label' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete the label' }).click();
  await expect(nav.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);
});

test('HTML with a script and a remote image is shown safely; new mail appears live', async ({
  page,
  request,
}) => {
  expect(inboundPort, 'E2E_INBOUND_SMTP_PORT (scripts/e2e.mjs)').toBeGreaterThan(0);
  // The sender's image host: it counts who asks for the picture.
  const hits: string[] = [];
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const images = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  const imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/logo.png`;

  try {
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
    await deliver(mailbox.address, {
      from: 'Newsletter <news@shop.e2e.test>',
      subject: 'Autumn offers',
      text: 'Autumn offers',
      html:
        '<h1 style="color:#b7410e">Autumn offers</h1>' +
        '<p class="lead">Everything at half price.</p>' +
        '<style>.lead{font-weight:bold}</style>' +
        '<script>window.parent.document.title = "pwned"; fetch("/x")</script>' +
        `<img src="${imageUrl}" alt="Shop logo" width="40" height="40">` +
        '<a href="javascript:alert(1)">Click</a>',
    });

    await openWithToken(page, token, '/dashboard/mail');
    const list = page.getByRole('list', { name: 'Mails' });
    await expect(list.getByRole('button', { name: /Autumn offers/ })).toBeVisible({
      timeout: 60_000,
    });
    await list.getByRole('button', { name: /Autumn offers/ }).click();
    const reader = page.getByRole('region', { name: 'Reading' });
    const frame = reader.locator('iframe[data-testid="mail-frame"]');
    await expect(frame).toHaveAttribute('sandbox', /allow-same-origin/);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    const body = page.frameLocator('iframe[data-testid="mail-frame"]');
    await expect(body.getByRole('heading', { name: 'Autumn offers' })).toBeVisible();
    // Its styles apply (through the page, not inline markup the app's policy would refuse).
    await expect(body.getByRole('heading', { name: 'Autumn offers' })).toHaveCSS(
      'color',
      'rgb(183, 65, 14)',
    );
    await expect(body.getByText('Everything at half price.')).toHaveCSS('font-weight', '700');
    // The script never ran, and the image was not asked for.
    expect(await page.title()).not.toBe('pwned');
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.locator('img').getAttribute('src')).toBeNull();
    expect(await body.getByText('Click').getAttribute('href')).toBeNull();
    expect(hits).toEqual([]);
    expect(await axe(page)).toEqual([]);

    // Shown once, on request: the server fetches it, the frame shows it as data.
    const bar = reader.getByRole('region', { name: 'Remote images' });
    await bar.getByRole('button', { name: 'Show images' }).click();
    await expect(body.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    expect(hits).toEqual(['/logo.png']);
    expect(await page.title()).not.toBe('pwned');

    // A new mail arrives while the page is open: the list and the inbox's count follow.
    const nav = page.getByRole('navigation', { name: 'Mail labels' });
    await expect(nav.getByRole('button', { name: /^Inbox/ })).not.toContainText('1');
    await deliver(mailbox.address, {
      from: 'Ada Lovelace <ada@analytical.e2e.test>',
      subject: 'A question about the engine',
      text: 'Could we talk on Thursday?',
    });
    await expect(list.getByRole('button', { name: /A question about the engine/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(nav.getByRole('button', { name: /^Inbox/ }).getByLabel('1 unread')).toBeVisible();
    expect(await axe(page)).toEqual([]);

    // On a phone: the list or the mail, with a way back.
    await page.setViewportSize({ width: 390, height: 844 });
    // The open mail fills the screen; back shows the list alone.
    await expect(list).toBeHidden();
    await reader.getByRole('button', { name: 'Back to the list' }).click();
    await expect(list).toBeVisible();
    await list.getByRole('button', { name: /A question about the engine/ }).click();
    await expect(reader.getByText('Could we talk on Thursday?')).toBeVisible();
    await expect(list).toBeHidden();
    await page.goBack();
    await expect(list).toBeVisible();
    expect(await axe(page)).toEqual([]);
  } finally {
    await new Promise((resolve) => images.close(resolve));
  }
});
