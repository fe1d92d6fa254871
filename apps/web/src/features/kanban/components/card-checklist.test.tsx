import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ChecklistItem } from '@beacon/contract';
import { initTestI18n } from '../../../test/i18n.ts';
import { CardChecklist } from './card-checklist.tsx';

vi.setConfig({ testTimeout: 20_000 });

/** A server whose answers the test releases one at a time, and a card that takes them. */
function setup(initial: ChecklistItem[] = []) {
  const answers: Array<(accepted: boolean) => void> = [];
  const sent: ChecklistItem[][] = [];
  let setCard: (items: ChecklistItem[]) => void = () => {};
  function Card() {
    const [items, setItems] = useState(initial);
    setCard = setItems;
    return (
      <CardChecklist
        items={items}
        canEdit
        onChange={(next) => {
          sent.push(next);
          return new Promise<boolean>((resolve) => {
            answers.push((accepted) => {
              if (accepted) setItems(next);
              resolve(accepted);
            });
          });
        }}
      />
    );
  }
  return { Card, answers, sent, setCard: (items: ChecklistItem[]) => setCard(items) };
}

async function renderCard(Card: () => React.JSX.Element) {
  const i18n = await initTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <Card />
    </I18nextProvider>,
  );
}

const checked = (name: string) =>
  (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

function add(text: string) {
  fireEvent.change(screen.getByLabelText('New item'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
}

describe('CardChecklist', () => {
  it('builds each edit on the previous one while saves are in flight', async () => {
    const { Card, answers, sent } = setup();
    await renderCard(Card);
    add('Draft the offer');
    add('Send it');
    // The second save carries both items although the first has not been answered.
    expect(sent[1]?.map((item) => item.text)).toEqual(['Draft the offer', 'Send it']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Draft the offer' }));
    expect(sent[2]?.map((item) => item.done)).toEqual([true, false]);
    await act(async () => answers.forEach((answer) => answer(true)));
    expect(checked('Draft the offer')).toBe(true);
    expect(checked('Send it')).toBe(false);
  });

  it('undoes a refused save and follows the card once nothing is in flight', async () => {
    const item = { id: 'a', text: 'Call back', done: false };
    const { Card, answers, setCard } = setup([item]);
    await renderCard(Card);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Call back' }));
    expect(checked('Call back')).toBe(true);
    await act(async () => answers[0]?.(false));
    expect(checked('Call back')).toBe(false);
    // Someone else ticked it: the card's new checklist shows.
    act(() => setCard([{ ...item, done: true }]));
    expect(checked('Call back')).toBe(true);
  });
});
