import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD, expect, issueToken, openWithToken, test } from './fixtures.ts';

// The files manager (issue 11) in Chromium: a folder of files picked and dropped files uploaded
// with their progress, previews, a move by dragging onto a folder, a public link opened signed out.
test.describe.configure({ timeout: 240_000 });
const slow = { timeout: 30_000 };
const password = DEMO_PASSWORD || 'beacon-demo';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('uploads a folder and dropped files, previews, moves by drag, shares a public link', async ({
  page,
  request,
  browser,
}) => {
  const token = await issueToken(request, 'demo@beacon.local', password);
  const headers = { Authorization: `Bearer ${token}` };
  const suffix = Math.random().toString(36).slice(2, 7);
  const made = await request.post('/api/files/folders', {
    headers,
    data: { name: `E2E ${suffix}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const home = ((await made.json()) as { item: { id: string } }).item.id;
  await request.post('/api/files/folders', { headers, data: { name: 'Archive', parentId: home } });

  await openWithToken(page, token, `/dashboard/files-manager?folder=${home}`);
  await expect(page.getByTestId('files-breadcrumbs')).toContainText(`E2E ${suffix}`, slow);
  expect(
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);

  // A folder of files, picked whole: it is made again here with its files, each with progress.
  const local = mkdtempSync(path.join(tmpdir(), 'beacon-e2e-'));
  const trip = path.join(local, 'Trip photos');
  mkdirSync(path.join(trip, 'Day 1'), { recursive: true });
  writeFileSync(path.join(trip, 'notes.txt'), 'Day one: the harbour at dawn.\n');
  writeFileSync(path.join(trip, 'Day 1', 'harbour.png'), PNG);
  writeFileSync(path.join(trip, 'budget.csv'), 'Item,Cost,Paid\nHotel,120,yes\nTrain,45,no\n');
  await page.getByTestId('upload-folder-input').setInputFiles(trip);
  await expect(page.getByTestId('upload-overall-progress')).toBeVisible(slow);
  await expect(page.getByTestId('upload-entry')).toHaveCount(3, slow);
  await expect(
    page.getByTestId('upload-entry').and(page.locator('[data-status="done"]')),
  ).toHaveCount(3, slow);
  const tripFolder = page.locator('[data-testid="file-item"][data-name="Trip photos"]');
  await expect(tripFolder).toBeVisible(slow);

  // Files dropped on the page's drop zone.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['Minutes of the kick-off.\n'], 'minutes.txt', { type: 'text/plain' }));
    data.items.add(new File(['a,b\n1,2\n'], 'figures.csv', { type: 'text/csv' }));
    const zone = document.querySelector('[data-testid="upload-drop-zone"]')!;
    zone.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
    zone.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(
    page.getByTestId('upload-entry').and(page.locator('[data-status="done"]')),
  ).toHaveCount(5, slow);
  const minutes = page.locator('[data-testid="file-item"][data-name="minutes.txt"]');
  await expect(minutes).toBeVisible(slow);

  // Previews: a text file, then an image inside the uploaded folder.
  await minutes.getByRole('button').first().dblclick();
  await expect(page.getByTestId('file-preview-text')).toContainText(
    'Minutes of the kick-off.',
    slow,
  );
  await page.keyboard.press('Escape');
  await tripFolder.getByRole('button').first().dblclick();
  await expect(page.getByTestId('files-breadcrumbs')).toContainText('Trip photos', slow);
  await page
    .locator('[data-testid="file-item"][data-name="Day 1"]')
    .getByRole('button')
    .first()
    .dblclick();
  await page
    .locator('[data-testid="file-item"][data-name="harbour.png"]')
    .getByRole('button')
    .first()
    .dblclick();
  await expect(page.getByTestId('file-preview-image')).toBeVisible(slow);
  await page.keyboard.press('Escape');

  // Move by dragging a file onto a folder.
  await openWithToken(page, token, `/dashboard/files-manager?folder=${home}`);
  const archive = page.locator('[data-testid="file-item"][data-name="Archive"]');
  await expect(minutes).toBeVisible(slow);
  await minutes.dragTo(archive);
  await expect(minutes).toHaveCount(0, slow);
  await archive.getByRole('button').first().dblclick();
  await expect(page.locator('[data-testid="file-item"][data-name="minutes.txt"]')).toBeVisible(
    slow,
  );

  // A public link to the file, opened signed out.
  await page.getByRole('button', { name: 'More actions for minutes.txt' }).click();
  await page.getByRole('menuitem', { name: 'Public link' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  const address = await page.getByTestId('public-link-url').inputValue();
  expect(address).toMatch(/\/files\/shared\//);
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  await outside.goto(address);
  await expect(outside.getByTestId('public-file-name')).toHaveText('minutes.txt', slow);
  await expect(outside.getByTestId('file-preview-text')).toContainText(
    'Minutes of the kick-off.',
    slow,
  );
  await expect(outside.getByRole('link', { name: 'Download' })).toBeVisible();
  await stranger.close();
});

test('the storage dashboard shows usage, the quota, recent files and folders', async ({
  page,
  request,
}) => {
  const token = await issueToken(request, 'demo@beacon.local', password);
  await openWithToken(page, token, '/dashboard/file');
  await expect(page.getByRole('heading', { name: 'Storage', level: 1 })).toBeVisible(slow);
  await expect(page.getByTestId('storage-by-kind').locator('svg').first()).toBeVisible(slow);
  await expect(page.getByTestId('storage-recent').getByRole('listitem').first()).toBeVisible(slow);
  await expect(page.getByTestId('storage-folders')).toContainText('Reports');
  expect(
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
});
