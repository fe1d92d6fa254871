import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SnackbarProvider } from '../../../components/snackbar/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { ThemeProvider } from '../../../theme/index.ts';
import { CardComments } from './card-comments.tsx';

vi.setConfig({ testTimeout: 30_000 });

const CARD = '00000000-0000-4000-8000-0000000000a1';

async function setup(answer: Response) {
  const i18n = await initTestI18n('en');
  const api = stubApi({
    'GET /api/kanban/cards/comments': json(200, []),
    'POST /api/kanban/cards/comments/new': answer,
  });
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <SnackbarProvider>
          <CardComments cardId={CARD} canEdit members={[]} />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  expect(await screen.findByText('No comments yet.')).toBeTruthy();
  const box = screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement;
  const sent = () =>
    api.mock.calls.filter(([url]) => String(url).endsWith('/api/kanban/cards/comments/new'));
  return { box, sent };
}

describe('CardComments (the comment box)', () => {
  it("checks a comment with the contract's rule before sending it", async () => {
    const { box, sent } = await setup(json(201, {}));
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toHaveLength(0);
  });

  it('puts what the server refuses on the field, keeping the comment', async () => {
    const { box, sent } = await setup(
      json(400, {
        detail: 'body: Comments cannot be empty',
        code: 'VALIDATION_FAILED',
        errors: { body: ['Comments cannot be empty'] },
      }),
    );
    fireEvent.change(box, { target: { value: 'Call Nina on Monday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(await screen.findByText('Comments cannot be empty')).toBeTruthy();
    expect(box.value).toBe('Call Nina on Monday');
  });
});
