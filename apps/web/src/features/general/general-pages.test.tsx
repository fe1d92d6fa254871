import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../locales/i18n.ts';
import { json, stubApi } from '../../test/fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

// Whole pages with MUI forms in jsdom: filling one takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

/** The first render of a page transforms its lazy modules: allow it more than the default. */
const FIRST_RENDER = { timeout: 30_000 };

/** The input labelled `label` (MUI appends " *" to the label of a required field). */
function field(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`), {
    selector: 'input, textarea, select',
  });
}

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

const confirmation = {
  reference: 'BCN-7KQ2M9XA',
  plan: 'team',
  cycle: 'yearly',
  seats: 3,
  amount: 540,
  cardBrand: 'visa',
  cardLast4: '4242',
  createdAt: '2026-11-21T10:00:00.000Z',
};

function api(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/info': json(200, { demo: null }),
    'POST /api/public/contact': json(201, { detail: 'Thank you.' }),
    'POST /api/public/launch-signups': json(201, { detail: 'You are on the list.' }),
    'POST /api/public/payment-requests': json(201, confirmation),
    ...overrides,
  });
}

function bodyOf(mock: ReturnType<typeof stubApi>, path: string): unknown {
  const call = mock.mock.calls.find(([url]) => new URL(String(url), 'http://x').pathname === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

const missing: string[] = [];
const onMissing = (_lngs: readonly string[], ns: string, key: string) =>
  missing.push(`${ns}:${key}`);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  missing.length = 0;
  i18n.options.saveMissing = true;
  i18n.on('missingKey', onMissing);
});

afterEach(() => {
  i18n.off('missingKey', onMissing);
  i18n.options.saveMissing = false;
  vi.useRealTimers();
});

describe('the general pages', () => {
  it.each([
    ['/', 'Your pipeline, on your own server'],
    ['/pricing', 'Pay per seat, keep your data at home'],
    ['/payment?plan=team&cycle=yearly', 'Complete your plan request'],
    ['/about-us', 'We built the CRM we wanted to run ourselves'],
    ['/contact-us', 'Write to the people who run this Beacon'],
    ['/faqs', 'Questions about running Beacon'],
    ['/terms-of-service', 'Terms of service'],
    ['/privacy-policy', 'Privacy policy'],
    ['/coming-soon', 'Beacon 1.0 is on its way'],
    ['/maintenance', 'Down for maintenance'],
    ['/components', 'The Beacon UI kit'],
  ])('%s shows its heading, in a main landmark, with every text translated', async (path, h1) => {
    api();
    await renderApp(path);
    const main = await screen.findByRole('main', {}, FIRST_RENDER);
    expect(
      await within(main).findByRole('heading', { level: 1, name: h1 }, FIRST_RENDER),
    ).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('links the header to pricing, about, contact, FAQs and sign-in, the footer to the legal pages', async () => {
    api();
    await renderApp('/pricing');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    const header = within(screen.getByRole('banner'));
    for (const [name, href] of [
      ['Pricing', '/pricing'],
      ['About us', '/about-us'],
      ['Contact us', '/contact-us'],
      ['FAQs', '/faqs'],
      ['Sign in', '/auth/login'],
    ]) {
      expect(header.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(header.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(footer.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact-us',
    );
  });
});

describe('pricing', () => {
  it('switches between monthly and yearly prices, and leads to payment with the plan', async () => {
    api();
    const { router } = await renderApp('/pricing');
    const team = await screen.findByTestId('price-team', {}, FIRST_RENDER);
    expect(team.textContent).toContain('$19');
    expect(screen.getByTestId('price-business').textContent).toContain('$39');
    expect(screen.getByRole('link', { name: 'Choose Team' }).getAttribute('href')).toBe(
      '/payment?plan=team&cycle=monthly',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    await waitFor(() => expect(screen.getByTestId('price-team').textContent).toContain('$15'));
    expect(screen.getByTestId('price-team').textContent).toContain('$180 per seat');
    expect(screen.getByTestId('price-business').textContent).toContain('$32');
    expect(router.state.location.search).toBe('?cycle=yearly');
    expect(screen.getByRole('link', { name: 'Choose Business' }).getAttribute('href')).toBe(
      '/payment?plan=business&cycle=yearly',
    );
    expect(screen.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe(
      '/auth/register',
    );
  });
});

describe('payment', () => {
  function fillCard(number: string, expiry = '12/39') {
    fill('Name on the card', 'Ada Lovelace');
    fill('Card number', number);
    fill('Expiry date', expiry);
    fill('Security code', '123');
    fill('E-mail address', 'ada@example.com');
    fill('Street address', '12 Rue de Rivoli');
    fill('City', 'Paris');
    fill('Postal code', '75001');
    fill('Country', 'FR');
  }

  it('shows the plan summary from the address and totals it', async () => {
    api();
    await renderApp('/payment?plan=team&cycle=yearly');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    expect(screen.getByTestId('payment-total').textContent).toBe('$540');
    fill('Seats', '10');
    expect(screen.getByTestId('payment-total').textContent).toBe('$1,800');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(screen.getByTestId('payment-total').textContent).toBe('$190'));
  });

  it('formats the card number and names its brand while typing', async () => {
    api();
    await renderApp('/payment?plan=team');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fill('Card number', '4242424242424242');
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeTruthy();
    fill('Expiry date', '1230');
    expect(field('Expiry date').value).toBe('12/30');
  });

  it('rejects a card number that fails the checksum and a past expiry, and sends nothing', async () => {
    const fetchMock = api();
    await renderApp('/payment?plan=team&cycle=yearly');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fillCard('4242 4242 4242 4241', '01/20');
    fireEvent.click(screen.getByRole('button', { name: /^Request plan/ }));
    expect(await screen.findByText('This card number is not valid')).toBeTruthy();
    expect(screen.getByText('Enter a date in the future as MM/YY')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/public/payment-requests')).toBeUndefined();
  });

  it('sends the request with the digits only and shows the confirmation', async () => {
    const fetchMock = api();
    await renderApp('/payment?plan=team&cycle=yearly');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: /^Request plan/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Request received' })).toBeTruthy();
    expect(screen.getByTestId('confirmation-card').textContent).toBe('Visa ending in 4242');
    expect(screen.getByTestId('confirmation-reference').textContent).toBe('BCN-7KQ2M9XA');
    expect(bodyOf(fetchMock, '/api/public/payment-requests')).toEqual({
      plan: 'team',
      cycle: 'yearly',
      seats: 3,
      cardholder: 'Ada Lovelace',
      email: 'ada@example.com',
      cardNumber: '4242424242424242',
      expiry: '12/39',
      securityCode: '123',
      address: '12 Rue de Rivoli',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
    });
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
  });

  it('says when the server limits the requests', async () => {
    api({
      'POST /api/public/payment-requests': json(429, {
        detail: 'Too many requests',
        code: 'RATE_LIMITED',
      }),
    });
    await renderApp('/payment?plan=business');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fillCard('4242424242424242');
    fireEvent.click(screen.getByRole('button', { name: /^Request plan/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests from your address. Wait a few minutes, then try again.',
    );
  });

  it('offers registration instead of a card form for the free plan', async () => {
    api();
    await renderApp('/payment?plan=starter');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Starter is free' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
  });
});

describe('contact', () => {
  it('validates the form, then sends it and thanks the writer', async () => {
    const fetchMock = api();
    await renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(2);
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Write at least 10 characters')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/public/contact')).toBeUndefined();

    fill('Your name', 'Ada Lovelace');
    fill('E-mail address', 'ada@example.com');
    fill('Subject', 'A question about the Team plan');
    fill('Message', 'Can we pay yearly for twelve seats?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Message sent' })).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/public/contact')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: '',
      subject: 'A question about the Team plan',
      message: 'Can we pay yearly for twelve seats?',
    });
  });

  it('shows a server field error under its field', async () => {
    api({
      'POST /api/public/contact': json(400, {
        detail: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors: { email: ['This address cannot receive mail'] },
      }),
    });
    await renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fill('Your name', 'Ada');
    fill('E-mail address', 'ada@example.com');
    fill('Subject', 'Hello');
    fill('Message', 'A message long enough.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Some fields need another look.');
  });
});

describe('FAQs', () => {
  it('filters the questions as the search is typed, and says when nothing matches', async () => {
    api();
    const { router } = await renderApp('/faqs');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    const all = screen.getAllByRole('heading', { level: 3 }).length;
    expect(all).toBeGreaterThanOrEqual(15);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the questions' }), {
      target: { value: 'smtp' },
    });
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).length).toBeLessThan(all),
    );
    expect(
      screen.getByRole('heading', { level: 3, name: 'Do I need an e-mail server?' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Is there an API?' })).toBeNull();
    expect(router.state.location.search).toBe('?q=smtp');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'kubernetes' } });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No answer matches your search' }),
    ).toBeTruthy();
  });
});

describe('coming soon', () => {
  it('takes an e-mail address for the launch', async () => {
    const fetchMock = api();
    await renderApp('/coming-soon');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Beacon 1.0 is on its way' },
      FIRST_RENDER,
    );
    expect(screen.getByRole('timer')).toBeTruthy();
    fill('E-mail address', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText(
        'You are on the list. We will write to ada@example.com on launch day.',
      ),
    ).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/public/launch-signups')).toEqual({ email: 'ada@example.com' });
  });

  it('says the product is out once the launch date has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-04-01T12:00:00Z'));
    api();
    await renderApp('/coming-soon');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Beacon 1.0 is here' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create your workspace' })).toBeTruthy();
  });
});

describe('maintenance', () => {
  it('asks the server whether it answers again', async () => {
    let ready = false;
    api({
      'GET /ready': () =>
        ready
          ? json(200, { status: 'ready', database: 'ok' })
          : json(503, { detail: 'The database is not answering', code: 'NOT_READY' }),
    });
    await renderApp('/maintenance');
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Check the status' }));
    expect(await screen.findByText(/^Still under maintenance/)).toBeTruthy();
    ready = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check the status' }));
    expect(await screen.findByText(/^Beacon is answering again/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Beacon' }).getAttribute('href')).toBe('/');
  });
});
