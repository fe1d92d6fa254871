import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { kanbanCardInputSchema } from '@beacon/contract';
import { initTestI18n } from '../../../test/i18n.ts';
import { InlineAddForm } from './inline-add-form.tsx';

vi.setConfig({ testTimeout: 20_000 });

/** A quick-add form whose saves the test answers one at a time. */
async function setup() {
  const i18n = await initTestI18n('en');
  const added: string[] = [];
  const answers: Array<(ok: boolean) => void> = [];
  const onAdd = (name: string) => {
    added.push(name);
    return new Promise<void>((resolve, reject) => {
      answers.push((ok) => (ok ? resolve() : reject(new Error('refused'))));
    });
  };
  render(
    <I18nextProvider i18n={i18n}>
      <InlineAddForm
        label="Add card"
        fieldLabel="Card name"
        schema={kanbanCardInputSchema.pick({ name: true })}
        maxLength={200}
        onAdd={onAdd}
      />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
  const field = screen.getByRole('textbox', { name: 'Card name' }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(field, { target: { value: text } });
  const enter = () => fireEvent.submit(field.closest('form')!);
  const answer = async (ok: boolean) => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    await act(async () => {
      answers.shift()?.(ok);
      await Promise.resolve();
    });
  };
  return { field, type, enter, answer, added };
}

describe('InlineAddForm (kanban quick add)', () => {
  it('keeps a second entry typed right after Enter, while the first is still saving', async () => {
    const { field, type, enter, answer, added } = await setup();
    type('A');
    enter();
    // The field is empty and usable at once: the next name can be typed.
    expect(field.value).toBe('');
    expect(field.disabled).toBe(false);
    expect(document.activeElement).toBe(field);
    type('B');
    await answer(true);
    // The first save ending does not wipe what was typed meanwhile.
    expect(field.value).toBe('B');
    enter();
    await answer(true);
    expect(added).toEqual(['A', 'B']);
    expect(field.value).toBe('');
  });

  it('saves "A" Enter "B" Enter typed quickly, both, in order', async () => {
    const { type, enter, answer, added } = await setup();
    type('A');
    enter();
    type('B');
    enter();
    await answer(true);
    await vi.waitFor(() => expect(added).toEqual(['A', 'B']));
    await answer(true);
    expect(added).toEqual(['A', 'B']);
  });

  it('gives a refused entry back when the field is empty', async () => {
    const { field, type, enter, answer } = await setup();
    type('A');
    enter();
    await answer(false);
    await vi.waitFor(() => expect(field.value).toBe('A'));
  });

  it('says what is wrong with the entry, in the words of the form rules', async () => {
    const { field, type, enter, added } = await setup();
    type('   ');
    enter();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    type('x'.repeat(201));
    expect(screen.queryByText('Required')).toBeNull();
    enter();
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(added).toEqual([]);
  });
});
