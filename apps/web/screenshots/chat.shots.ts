import { expect } from '@playwright/test';
import { openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The chat on the demo team's conversations: the list with a conversation open, and the new
 * conversation screen, in light and dark, English and Arabic, 1440 and 390 wide.
 */
test('chat screens', async ({ page, request, baseURL }) => {
  test.setTimeout(600_000);
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const list = await request.get('/api/chat/conversations', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { conversations } = (await list.json()) as {
    conversations: { id: string; name: string }[];
  };
  const team = conversations.find((c) => c.name === 'Sales team') ?? conversations[0]!;

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = (screen: string) => `${directory}/${screen}-${width}-${mode}-${lng}.png`;
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/chat?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('chat-list') });
        await openWithToken(page, token, `/dashboard/chat/${team.id}?lng=${lng}`);
        await settled(page);
        await expect(page.getByRole('log').locator('li').first()).toBeVisible();
        await page.screenshot({ path: name('chat-room') });
        await openWithToken(page, token, `/dashboard/chat/new?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('chat-new') });
      }
    }
  }
});
