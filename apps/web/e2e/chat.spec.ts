import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, issueToken, openWithToken, test } from './fixtures.ts';

// Two members of the demo team chat live, each in a browser context of their own.
test.describe.configure({ timeout: 180_000 });
// Two browser contexts and the server share a busy machine: screens may take a while to draw.
const slow = { timeout: 30_000 };

const password = DEMO_PASSWORD || 'beacon-demo';

async function member(browser: Browser, token: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openWithToken(page, token, path);
  return { context, page };
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Ava (the demo account) and Léo, with a new group conversation of theirs named `prefix …`. */
async function avaAndLeo(request: APIRequestContext, prefix: string) {
  const ava = await issueToken(request, 'demo@beacon.local', password);
  const leo = await issueToken(request, 'leo.dubois@beacon.local', password);
  const headers = { Authorization: `Bearer ${ava}` };
  const leoHeaders = { Authorization: `Bearer ${leo}` };
  const leoMe = await request.get('/user/me', { headers: leoHeaders });
  const leoId = ((await leoMe.json()) as { id: string }).id;
  const name = `${prefix} ${Math.random().toString(36).slice(2, 7)}`;
  const started = await request.post('/api/chat/conversation/new', {
    headers,
    data: { participantIds: [leoId], group: true, name },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  return { ava, leo, leoHeaders, name, conversation };
}

test('two members chat live, with unread counts, typing and read receipts', async ({
  browser,
  request,
}) => {
  const { ava, leo, name, conversation } = await avaAndLeo(request, 'Launch room');

  const a = await member(browser, ava, `/dashboard/chat/${conversation.id}`);
  const b = await member(browser, leo, '/dashboard/chat');
  await expect(a.page.getByRole('heading', { name, level: 2 })).toBeVisible(slow);
  const leoItem = b.page.getByRole('link', { name: new RegExp(name) });
  await expect(leoItem).toBeVisible(slow);

  // Ava writes; Léo's list counts it unread, live.
  await composer(a.page).fill('Hello Léo, see https://example.com <b>not bold</b>');
  await composer(a.page).press('Enter');
  const sent = a.page.getByRole('log').getByText('not bold', { exact: false });
  await expect(sent).toBeVisible(slow);
  await expect(leoItem.getByTestId('unread-count')).toHaveText('1', slow);
  // The body is text: the markup shows as written, the link is safe.
  await expect(a.page.getByRole('log').locator('b')).toHaveCount(0);
  const link = a.page.getByRole('log').getByRole('link', { name: 'https://example.com' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  // Not read yet.
  await expect(a.page.getByRole('img', { name: 'Sent' }).last()).toBeVisible();

  // Léo opens it: read, and Ava sees her message read.
  await leoItem.click();
  await expect(b.page.getByRole('log').getByText('not bold', { exact: false })).toBeVisible(slow);
  await expect(leoItem.getByTestId('unread-count')).toHaveCount(0, slow);
  await expect(a.page.getByRole('img', { name: 'Read' }).last()).toBeVisible(slow);
  await expect(a.page.getByTestId('seen-by')).toContainText('Léo');

  // Léo types: Ava sees it; he sends: she has it live.
  await composer(b.page).pressSequentially('On it');
  await expect(a.page.getByText(/Léo Dubois is typing/)).toBeVisible(slow);
  await composer(b.page).press('Enter');
  await expect(a.page.getByRole('log').getByText('On it')).toBeVisible(slow);

  const axe = await new AxeBuilder({ page: a.page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(' ')}`),
  ).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('emoji, a mention that autocompletes and notifies, editing and deleting one’s own message, an image', async ({
  browser,
  request,
}) => {
  const { ava, leo, leoHeaders, name, conversation } = await avaAndLeo(request, 'Review room');
  const a = await member(browser, ava, `/dashboard/chat/${conversation.id}`);
  const b = await member(browser, leo, `/dashboard/chat/${conversation.id}`);
  await expect(a.page.getByRole('heading', { name, level: 2 })).toBeVisible(slow);
  await expect(b.page.getByRole('heading', { name, level: 2 })).toBeVisible(slow);

  // An emoji from the picker goes into the message.
  await composer(a.page).fill('Ship it ');
  await a.page.getByRole('button', { name: 'Emoji' }).click();
  await a.page.locator('em-emoji-picker button[aria-label="👍"]').first().click(slow);
  // The picker is a popover over the page: closed, the composer holds the emoji.
  await a.page.keyboard.press('Escape');
  await expect(composer(a.page)).toHaveValue(/Ship it 👍/);
  await composer(a.page).press('Enter');
  await expect(b.page.getByRole('log').getByText('Ship it 👍')).toBeVisible(slow);

  // "@Lé" offers Léo; choosing him and sending notifies him.
  await composer(a.page).fill('');
  await composer(a.page).pressSequentially('Please check @Lé');
  const option = a.page.getByRole('listbox', { name: 'Members to mention' }).getByRole('option', {
    name: /Léo Dubois/,
  });
  await expect(option).toBeVisible(slow);
  await option.click();
  await expect(composer(a.page)).toHaveValue('Please check @Léo Dubois ');
  await composer(a.page).pressSequentially('the numbers');
  await composer(a.page).press('Enter');
  await expect(b.page.getByRole('log').getByText(/the numbers/)).toBeVisible(slow);
  await expect
    .poll(async () => {
      const page = await request.get('/api/notifications', { headers: leoHeaders });
      const body = (await page.json()) as { items: { kind: string; title: string }[] };
      return body.items.some((n) => n.kind === 'chat_mention' && n.title.includes('the numbers'));
    }, slow)
    .toBe(true);

  // Ava edits her message; Léo sees the new text, marked edited. Then she deletes it.
  const mine = a.page.getByRole('log').getByRole('listitem').filter({ hasText: 'the numbers' });
  await mine.getByRole('button', { name: 'Message actions' }).click();
  await a.page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = a.page.getByRole('textbox', { name: 'Edit message' });
  await editor.fill('Please check the totals');
  await a.page.getByRole('button', { name: 'Save' }).click();
  await expect(b.page.getByRole('log').getByText('Please check the totals')).toBeVisible(slow);
  await expect(
    b.page.getByRole('log').getByRole('listitem').filter({ hasText: 'Please check the totals' }),
  ).toContainText('edited');
  const edited = a.page.getByRole('log').getByRole('listitem').filter({ hasText: 'the totals' });
  await edited.getByRole('button', { name: 'Message actions' }).click();
  await a.page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(b.page.getByRole('log').getByText('This message was deleted')).toBeVisible(slow);
  await expect(b.page.getByRole('log').getByText('Please check the totals')).toHaveCount(0);

  // An image attachment shows as a preview on the other side.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  // Through the shared file picker: sent with tus, then attached to the message being written.
  await a.page.getByRole('button', { name: 'Attach files' }).click();
  const picker = a.page.getByRole('dialog', { name: 'Attach files to your message' });
  await picker
    .getByTestId('upload-files-input')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await picker.getByRole('button', { name: 'Use 1 file' }).click();
  await expect(picker).toBeHidden(slow);
  await expect(a.page.getByText('dot.png')).toBeVisible(slow);
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByRole('log').getByRole('img', { name: 'dot.png' })).toBeVisible(slow);

  await a.context.close();
  await b.context.close();
});
