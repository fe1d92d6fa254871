import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// axe over a whole page (the UI kit has hundreds of elements) takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The first page of a test downloads the app: give its heading more time than later steps. */
const FIRST_LOAD = { timeout: 30_000 };

/** Opens a page and waits for its heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_LOAD);
}

/** Fails on any 'serious' or 'critical' WCAG 2 A/AA violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** The display-settings cookie the app reads for its colour scheme. */
async function useDarkMode(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: baseURL }]);
}

/** The page is drawn dark: the body's background is darker than mid-grey. */
async function isDark(page: Page) {
  return page.evaluate(() => {
    const match = /rgba?\((\d+), (\d+), (\d+)/.exec(
      getComputedStyle(document.body).backgroundColor,
    );
    if (!match) return false;
    const [r, g, b] = match.slice(1).map(Number) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  });
}

const generalPages = [
  { path: '/', heading: 'Your pipeline, on your own server' },
  { path: '/pricing', heading: 'Pay per seat, keep your data at home' },
  { path: '/payment?plan=team&cycle=yearly', heading: 'Complete your plan request' },
  { path: '/about-us', heading: 'We built the CRM we wanted to run ourselves' },
  { path: '/contact-us', heading: 'Write to the people who run this Beacon' },
  { path: '/faqs', heading: 'Questions about running Beacon' },
  { path: '/terms-of-service', heading: 'Terms of service' },
  { path: '/privacy-policy', heading: 'Privacy policy' },
  { path: '/coming-soon', heading: 'Beacon 1.0 is on its way' },
  { path: '/maintenance', heading: 'Down for maintenance' },
  { path: '/403', heading: 'Access denied' },
  { path: '/404', heading: 'Page not found' },
  { path: '/500', heading: 'Something went wrong' },
  { path: '/components', heading: 'The Beacon UI kit' },
];

for (const { path, heading } of generalPages) {
  test(`${path} loads with its heading; axe in light mode`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await isDark(page)).toBe(false);
    await expectNoSeriousViolations(page);
  });

  test(`${path}: axe in dark mode`, async ({ page, baseURL }) => {
    await useDarkMode(page, baseURL ?? '');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(FIRST_LOAD);
    await expect
      .poll(() => isDark(page), { message: 'the themeMode=dark cookie applies' })
      .toBe(true);
    await expectNoSeriousViolations(page);
  });
}

test('every general page is its own chunk: pricing loads neither the FAQ nor the payment code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await open(page, '/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((path) => /pricing-page/.test(path))).toBe(true);
  expect(scripts.some((path) => /faqs-page|payment-page|components-page/.test(path))).toBe(false);
});

test('pricing: the monthly/yearly switch changes the prices and leads to payment', async ({
  page,
}) => {
  await open(page, '/pricing');
  const team = page.getByTestId('price-team');
  await expect(team).toContainText('$19');
  await expect(page.getByTestId('price-business')).toContainText('$39');

  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(team).toContainText('$15');
  await expect(team).toContainText('$180 per seat, billed once a year');
  await expect(page.getByTestId('price-business')).toContainText('$32');
  await expect(page).toHaveURL(/\/pricing\?cycle=yearly$/);

  await page.getByRole('link', { name: 'Choose Team' }).click();
  await expect(page).toHaveURL(/\/payment\?plan=team&cycle=yearly$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Complete your plan request' }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Team', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText('$540');
});

test('payment: rejects a bad card number and a past expiry, accepts 4242 4242 4242 4242', async ({
  page,
}) => {
  await open(page, '/payment?plan=team&cycle=yearly');
  await page.getByRole('textbox', { name: 'Name on the card' }).fill('Ada Lovelace');
  const number = page.getByRole('textbox', { name: 'Card number' });
  await number.pressSequentially('4242424242424241');
  await expect(number).toHaveValue('4242 4242 4242 4241');
  await page.getByRole('textbox', { name: 'Expiry date' }).pressSequentially('0120');
  await expect(page.getByRole('textbox', { name: 'Expiry date' })).toHaveValue('01/20');
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Street address' }).fill('12 Rue de Rivoli');
  await page.getByRole('textbox', { name: 'City' }).fill('Paris');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('75001');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('FR');

  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/public/payment-requests')) sent += 1;
  });
  await page.getByRole('button', { name: /^Request plan/ }).click();
  await expect(page.getByText('This card number is not valid')).toBeVisible();
  await expect(page.getByText('Enter a date in the future as MM/YY')).toBeVisible();
  await expectNoSeriousViolations(page);
  expect(sent).toBe(0);

  await number.fill('');
  await number.pressSequentially('4242424242424242');
  await expect(page.getByText('Visa', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Expiry date' }).fill('1239');
  const request = page.waitForRequest('**/api/public/payment-requests');
  await page.getByRole('button', { name: /^Request plan/ }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    plan: 'team',
    cycle: 'yearly',
    seats: 3,
    cardNumber: '4242424242424242',
    expiry: '12/39',
    country: 'FR',
  });

  await expect(page.getByRole('heading', { level: 2, name: 'Request received' })).toBeVisible();
  await expect(page.getByTestId('confirmation-card')).toHaveText('Visa ending in 4242');
  await expect(page.getByTestId('confirmation-reference')).toHaveText(/^BCN-[A-Z0-9]{8}$/);
  await expect(page.getByTestId('confirmation-amount')).toHaveText('$540');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
});

test('contact: the form is validated, then sent and acknowledged', async ({ page }) => {
  await open(page, '/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(page.getByText('Write at least 10 characters')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Company' }).fill('Analytical Engines');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Yearly billing for twelve seats');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Can we pay yearly for twelve seats of the Team plan?');
  await expect(page.getByText('52 / 5,000 characters')).toBeVisible();
  const response = page.waitForResponse('**/api/public/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await response).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 2, name: 'Message sent' })).toBeVisible();
  await expect(page.getByText('Thank you, Ada Lovelace.', { exact: false })).toBeVisible();
});

test('coming soon: counts down and takes an e-mail address, twice without complaint', async ({
  page,
}) => {
  await open(page, '/coming-soon');
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  const seconds = timer.getByRole('definition').last();
  const before = await seconds.textContent();
  await expect.poll(() => seconds.textContent(), { timeout: 3000 }).not.toBe(before);

  const email = `launch-${Date.now()}@example.com`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt === 1) await page.reload();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(
      page.getByText(`You are on the list. We will write to ${email} on launch day.`),
    ).toBeVisible();
  }
});

test('FAQs: the search filters the questions', async ({ page }) => {
  await open(page, '/faqs');
  const questions = page.getByRole('heading', { level: 3 });
  await expect(questions.first()).toBeVisible();
  const all = await questions.count();
  expect(all).toBeGreaterThanOrEqual(15);

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('backup');
  await expect(
    page.getByRole('heading', { level: 3, name: 'How do I back up my data?' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Is there an API?' })).toHaveCount(0);
  expect(await questions.count()).toBeLessThan(all);
  await expect(page.getByRole('status')).toContainText('Answers matching “backup”');
  await expect(page).toHaveURL(/\/faqs\?q=backup$/);

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('kubernetes');
  await expect(
    page.getByRole('heading', { level: 2, name: 'No answer matches your search' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(questions).toHaveCount(all);
});

test('the public header leads to the pages, the footer to the legal texts', async ({ page }) => {
  await open(page, '/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'About us' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'We built the CRM we wanted to run ourselves' }),
  ).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('Arabic: the pricing page reads right to left, with the prices in Arabic', async ({
  page,
}) => {
  await open(page, '/pricing?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('heading', { level: 1, name: 'ادفع لكل مقعد، واحتفظ ببياناتك عندك' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('on a phone, the header menu opens in a drawer and leads to the pages', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'FAQs' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await menu.getByRole('link', { name: 'FAQs' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Questions about running Beacon' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
