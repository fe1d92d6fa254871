import { openWithToken, test } from '../e2e/fixtures.ts';
import { LANGUAGES, MODES, WIDTHS, demoToken, display, settled, shotsDirectory } from './shots.ts';

/**
 * The files manager (the root, the demo's Brand folder in the grid with its thumbnails, then the
 * list with the details open)
 * and the storage dashboard, in light and dark, English and Arabic, 1440 and 390 wide.
 */
test('files screens', async ({ page, request, baseURL }) => {
  test.setTimeout(600_000);
  const directory = shotsDirectory();
  const token = await demoToken(request);
  const root = await request.get('/api/files', { headers: { Authorization: `Bearer ${token}` } });
  const { items } = (await root.json()) as { items: { id: string; name: string }[] };
  const reports = items.find((i) => i.name === 'Brand') ?? items[0]!;

  for (const width of WIDTHS) {
    for (const mode of MODES) {
      for (const lng of LANGUAGES) {
        const name = (screen: string) => `${directory}/${screen}-${width}-${mode}-${lng}.png`;
        await display(page, baseURL, { width, mode, lng });
        await openWithToken(page, token, `/dashboard/files-manager?lng=${lng}`);
        await settled(page);
        await page.screenshot({ path: name('files-root') });
        await openWithToken(
          page,
          token,
          `/dashboard/files-manager?folder=${reports.id}&lng=${lng}`,
        );
        await settled(page);
        // The grid with the thumbnails of the folder's images and PDFs (made by the job queue).
        await page
          .getByTestId('file-thumbnail')
          .first()
          .waitFor({ timeout: 60_000 })
          .catch(() => {});
        await page.waitForTimeout(500);
        await page.screenshot({ path: name('files-grid') });
        await page.getByRole('button', { name: /^(List|قائمة)$/ }).click();
        await page.getByTestId('file-item').first().getByRole('button').last().click();
        await page.getByRole('menuitem').nth(1).click();
        // On a phone the details are a drawer over the page (which hides the page's heading).
        await page.getByTestId('file-details').getByRole('heading', { level: 2 }).waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({ path: name('files-details') });
        await openWithToken(page, token, `/dashboard/file?lng=${lng}`);
        await settled(page);
        await page.getByTestId('storage-by-kind').locator('svg').first().waitFor();
        await page.screenshot({ path: name('storage-dashboard'), fullPage: true });
      }
    }
  }
});
