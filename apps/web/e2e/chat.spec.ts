import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
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

test('two members chat live, with unread counts, typing and read receipts', async ({
  browser,
  request,
}) => {
  const ava = await issueToken(request, 'demo@beacon.local', password);
  const leo = await issueToken(request, 'leo.dubois@beacon.local', password);
  const headers = { Authorization: `Bearer ${ava}` };
  const leoMe = await request.get('/user/me', { headers: { Authorization: `Bearer ${leo}` } });
  const leoId = ((await leoMe.json()) as { id: string }).id;
  const name = `Launch room ${Math.random().toString(36).slice(2, 7)}`;
  const started = await request.post('/api/chat/conversation/new', {
    headers,
    data: { participantIds: [leoId], group: true, name },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversation } = (await started.json()) as { conversation: { id: string } };

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
