import { expect, openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The demo admin's tasks: the list (due today) and its saved views menu, the queue with a person's facts, a person's
 * Tasks tab and the notifications drawer, at 1440 and 390 px, light and dark, English and Arabic.
 */
test('tasks, the queue, a record tasks tab and notifications', async ({
  page,
  request,
  baseURL,
}) => {
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const due = (await (
    await request.get('/api/tasks?mine=true&due=due&limit=1', { headers })
  ).json()) as { items: { personId: string | null }[] };
  const personId = due.items.find((t) => t.personId)?.personId;
  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = `${width}-${mode}-${lng}`;
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/tasks?lng=${lng}`);
        await expect(page.getByRole('table')).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${directory}/tasks-${name}.png` });

        // The saved views menu of tasks (the demo has two shared ones), open.
        await page
          .getByRole('button', { name: /^(Views|طرق العرض)$/ })
          .first()
          .click();
        await expect(page.getByRole('menu')).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${directory}/tasks-views-${name}.png` });
        await page.keyboard.press('Escape');

        // A task's notes and timeline (record 055), opened from its row.
        await page.locator('tbody tr').first().getByRole('button').last().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${directory}/tasks-activity-${name}.png` });
        await page.getByRole('dialog').getByRole('button').last().click();
        await expect(page.getByRole('dialog')).toBeHidden();

        await openWithToken(page, token, `/dashboard/tasks?queue=1&lng=${lng}`);
        await expect(page.locator('#queue-task-title')).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${directory}/tasks-queue-${name}.png`, fullPage: true });

        if (personId) {
          await openWithToken(page, token, `/dashboard/people/${personId}?tab=tasks&lng=${lng}`);
          await expect(page.getByRole('list').first()).toBeVisible();
          await settled(page);
          await page.screenshot({ path: `${directory}/tasks-person-${name}.png` });
        }

        await page
          .getByRole('button', { name: /Notifications|الإشعارات/ })
          .first()
          .click();
        await expect(page.getByRole('dialog').getByRole('list')).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${directory}/tasks-notifications-${name}.png` });
        await page.keyboard.press('Escape');
      }
    }
  }
});
