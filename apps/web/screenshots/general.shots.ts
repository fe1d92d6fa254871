import { test } from '../e2e/fixtures.ts';
import { display, settled, shotsDirectory } from './shots.ts';

const PAGES = [
  '/',
  '/pricing',
  '/payment',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/terms-of-service',
  '/privacy-policy',
  '/coming-soon',
  '/maintenance',
  '/403',
  '/404',
  '/500',
  '/components',
];

/** Each general page, whole: at 1440 px light in English, and at 390 px dark in Arabic. */
test('the general pages', async ({ page, baseURL }) => {
  const directory = shotsDirectory();
  for (const path of PAGES) {
    const name = path === '/' ? 'landing' : path.slice(1);
    for (const view of [
      { width: 1440, mode: 'light', lng: 'en' },
      { width: 390, mode: 'dark', lng: 'ar' },
    ] as const) {
      await display(page, baseURL, view);
      await page.goto(`${path}?lng=${view.lng}`);
      await settled(page, { errorPage: ['/403', '/404', '/500'].includes(path) });
      await page.screenshot({
        path: `${directory}/${name}-${view.width}-${view.mode}-${view.lng}.png`,
        fullPage: true,
      });
    }
  }
});
