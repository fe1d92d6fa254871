import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import type { CrmEntity } from '../api/record-query.ts';
import { QuickAdd } from './quick-add.tsx';
import { samplePerson } from '../../../test/crm-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });

const PERSON_ID = '0b6f1c52-3c1e-4d0a-9f55-2f0d7c1e8a41';

const newPerson = (body: { firstName: string; lastName: string; email: string }) =>
  samplePerson({ id: PERSON_ID, ...body });

async function renderQuickAdd(entity: CrmEntity) {
  const i18n = await initTestI18n('en');
  const onCreated = vi.fn();
  const onMoreFields = vi.fn();
  renderWithStore(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <QuickAdd entity={entity} onCreated={onCreated} onMoreFields={onMoreFields} />
        </ThemeProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { onCreated, onMoreFields };
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

describe('quick add', () => {
  it('creates a person on Enter, empties the fields and gives the focus back', async () => {
    const api = stubApi({
      'POST /api/people': (init) => json(201, newPerson(JSON.parse(String(init.body)))),
    });
    const { onCreated } = await renderQuickAdd('people');
    expect(screen.getByRole('form', { name: 'Quick add a person' })).toBeTruthy();
    type('First name', 'Grace');
    type('Last name', 'Hopper');
    type('E-mail', 'grace@example.com');
    fireEvent.submit(screen.getByRole('form', { name: 'Quick add a person' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ id: PERSON_ID, firstName: 'Grace' });
    const sent = JSON.parse(String(api.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
    });
    expect(input('First name').value).toBe('');
    expect(input('E-mail').value).toBe('');
    expect(document.activeElement).toBe(input('First name'));
  });

  it('creates once when Enter is pressed twice before the answer', async () => {
    const api = stubApi({
      'POST /api/people': (init) => json(201, newPerson(JSON.parse(String(init.body)))),
    });
    const { onCreated } = await renderQuickAdd('people');
    type('First name', 'Grace');
    const form = screen.getByRole('form', { name: 'Quick add a person' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('refuses a bad e-mail without calling the server, and keeps what was typed', async () => {
    const api = stubApi({});
    const { onCreated } = await renderQuickAdd('people');
    type('First name', 'Grace');
    type('E-mail', 'not an e-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Not an e-mail address')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    expect(onCreated).not.toHaveBeenCalled();
    expect(input('First name').value).toBe('Grace');
  });

  it("shows the server's refusal of a taken domain under the domain", async () => {
    stubApi({
      'POST /api/companies': json(409, {
        detail: 'Another company has this domain',
        code: 'CONFLICT',
      }),
    });
    const { onCreated } = await renderQuickAdd('companies');
    type('Name', 'Northwind');
    type('Domain', 'northwind.example');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Another company already has this domain')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect(input('Domain').value).toBe('northwind.example');
    // Typing again clears the message.
    type('Domain', 'northwind2.example');
    expect(screen.queryByText('Another company already has this domain')).toBeNull();
  });

  it("words the schema's refusals in the crm namespace", async () => {
    const api = stubApi({});
    await renderQuickAdd('people');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Give a name or an e-mail')).toBeTruthy();
    type('First name', 'G'.repeat(101));
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.queryByText('Give a name or an e-mail')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('words a bad domain of a company, and a missing name', async () => {
    stubApi({});
    await renderQuickAdd('companies');
    type('Domain', 'not a domain');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Not a domain such as example.com')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it("puts the server's field messages on their fields, and says the call failed", async () => {
    stubApi({
      'POST /api/people': json(400, {
        detail: 'Invalid request',
        code: 'VALIDATION_ERROR',
        errors: { lastName: ['The server refuses this name'] },
      }),
    });
    const { onCreated } = await renderQuickAdd('people');
    type('First name', 'Grace');
    type('Last name', 'Hopper');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The server refuses this name')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('names the person who has a taken e-mail, and adds anyway when asked', async () => {
    const other = samplePerson({ id: PERSON_ID, firstName: 'Ann', lastName: 'Lee' });
    let posts = 0;
    const api = stubApi({
      'POST /api/people': (init) => {
        posts += 1;
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return body.allowDuplicate
          ? json(201, newPerson(body as never))
          : json(409, { detail: 'Taken', code: 'DUPLICATE_EMAIL' });
      },
      'GET /api/people': json(200, { items: [other], nextCursor: null }),
    });
    const { onCreated } = await renderQuickAdd('people');
    type('First name', 'Grace');
    type('E-mail', 'Ann@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Another person already has this e-mail')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Ann Lee/ })).toBeTruthy();
    const lookup = api.mock.calls.find(([url]) => String(url).startsWith('/api/people?'));
    expect(decodeURIComponent(String(lookup?.[0]))).toContain('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(posts).toBe(2);
    expect(screen.queryByText('Another person already has this e-mail')).toBeNull();
  });

  it('opens the full form from "More fields"', async () => {
    stubApi({});
    const { onMoreFields } = await renderQuickAdd('companies');
    fireEvent.click(screen.getByRole('button', { name: 'More fields' }));
    expect(onMoreFields).toHaveBeenCalledTimes(1);
  });
});
