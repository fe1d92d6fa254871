import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { KanbanBoard, KanbanCard } from '@beacon/contract';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { ThemeProvider } from '../../../theme/index.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { kanbanApi, selectBoard } from '../api/kanban-api.ts';
import { card as fixtureCard } from '../state/board-fixtures.ts';
import { boardReducer, cardRemoved } from '../state/board-reducer.ts';
import { KanbanCardDrawer } from './kanban-card-drawer.tsx';

vi.setConfig({ testTimeout: 30_000 });

/** A card of the shared fixture, by name, at the top of its column. */
const card = (id: string, columnId: string, name: string): KanbanCard =>
  fixtureCard(id, columnId, 'V', { name });

function board(): KanbanBoard {
  return {
    cards: { a: card('a', 'todo', 'Call Nina'), b: card('b', 'done', 'Old card') },
    columns: {
      todo: { id: 'todo', name: 'To do', position: 'V', cardIds: ['a'] },
      doing: { id: 'doing', name: 'Doing', position: 'c', cardIds: [] },
      done: { id: 'done', name: 'Done', position: 'k', cardIds: ['b'] },
    },
    columnOrder: ['todo', 'doing', 'done'],
  };
}

async function openDrawer(cardId = 'a') {
  const i18n = await initTestI18n('en');
  const onClose = vi.fn();
  const cards = () => selectBoard(store.getState()).data?.cards ?? {};
  const api = stubApi({
    'GET /api/kanban/board': json(200, board()),
    'GET /api/kanban/cards/comments': json(200, []),
    'POST /api/kanban/cards/update': (init) => {
      const { cardId: id, card: patch } = JSON.parse(String(init.body)) as {
        cardId: string;
        card: Partial<KanbanCard>;
      };
      return json(200, { ...cards()[id], ...patch });
    },
    'POST /api/kanban/cards/move': (init) => {
      const { cardId: id, columnId } = JSON.parse(String(init.body)) as {
        cardId: string;
        columnId: string;
      };
      return json(200, { ...cards()[id], columnId });
    },
  });
  const { store } = renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <KanbanCardDrawer cardId={cardId} canEdit members={[]} labels={[]} onClose={onClose} />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  // The board page reads the board; the drawer shows its card.
  await store.dispatch(kanbanApi.endpoints.kanbanBoard.initiate());
  const drawer = await screen.findByRole('dialog', { name: 'Card details' });
  const calls = (path: string) =>
    api.mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path);
  return { store, onClose, drawer, calls };
}

describe('KanbanCardDrawer', () => {
  it('keeps the drawer and an unsent comment when someone else deletes the card', async () => {
    const { store, onClose, drawer } = await openDrawer();
    const comment = within(drawer).getByRole('textbox', { name: 'Write a comment' });
    fireEvent.change(comment, { target: { value: 'Nina asked for a call on Monday' } });

    act(() => {
      store.dispatch(
        kanbanApi.util.updateQueryData('kanbanBoard', undefined, (draft) =>
          boardReducer(draft, cardRemoved({ cardId: 'a', columnId: 'todo' })),
        ),
      );
    });

    expect((await within(drawer).findByRole('alert')).textContent).toContain(
      'This card was deleted by someone else',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Card details' })).toBe(drawer);
    // The comment is still there, can be selected and copied, but not sent.
    const kept = within(drawer).getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Write a comment',
    });
    expect(kept.value).toBe('Nina asked for a call on Monday');
    expect(kept.disabled).toBe(false);
    expect(kept.readOnly).toBe(true);
    expect(
      within(drawer).getByRole<HTMLButtonElement>('button', { name: 'Comment' }).disabled,
    ).toBe(true);
    expect(
      within(drawer).getByRole<HTMLTextAreaElement>('textbox', { name: 'Card name' }).readOnly,
    ).toBe(true);
    expect(within(drawer).queryByRole('button', { name: 'Delete card' })).toBeNull();
  });

  it('Escape in the name field cancels the edit and keeps the drawer open', async () => {
    const { onClose, drawer, calls } = await openDrawer();
    const description = within(drawer).getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Description',
    });
    fireEvent.focus(description);
    fireEvent.change(description, { target: { value: 'Half-written notes' } });

    const name = within(drawer).getByRole<HTMLTextAreaElement>('textbox', { name: 'Card name' });
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Call Nina about the renewal' } });
    fireEvent.keyDown(name, { key: 'Escape' });

    expect(name.value).toBe('Call Nina');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.blur(name);
    // Cancelled: leaving the field afterwards saves nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('/api/kanban/cards/update')).toHaveLength(0);
    expect(description.value).toBe('Half-written notes');

    // With nothing being edited, Escape closes the drawer as before.
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves the card to another column from a menu, without dragging', async () => {
    const { store, drawer, calls } = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Move to column' }));
    const menu = await screen.findByRole('menu', { name: 'Move to column' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['To do', 'Doing', 'Done']);
    expect(items[0]?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Done' }));

    await waitFor(() => expect(selectBoard(store.getState()).data?.cards.a?.columnId).toBe('done'));
    expect(selectBoard(store.getState()).data?.columns.done?.cardIds).toEqual(['b', 'a']);
    expect(calls('/api/kanban/cards/move')).toHaveLength(1);
    expect(JSON.parse(String(calls('/api/kanban/cards/move')[0]?.[1]?.body))).toEqual({
      cardId: 'a',
      columnId: 'done',
      index: 1,
    });
    expect(await screen.findByText('Moved to Done')).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: 'In Done' })).toBeTruthy();
  });
});
