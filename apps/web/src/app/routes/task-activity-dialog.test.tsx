import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Task } from '@beacon/contract';
import { SnackbarProvider } from '../../components/snackbar/index.ts';
import { json, stubApi } from '../../test/fetch.ts';
import { initTestI18n } from '../../test/i18n.ts';
import { renderWithStore } from '../../test/render.tsx';
import { ThemeProvider } from '../../theme/index.ts';
import { TaskActivityDialog } from './task-activity-dialog.tsx';

vi.setConfig({ testTimeout: 30_000 });

const task = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Call Grace',
} as Task;

describe('TaskActivityDialog', () => {
  it("shows a task's timeline and adds a note to it", async () => {
    const api = stubApi({
      [`GET /api/tasks/${task.id}/activity`]: json(200, { items: [], nextCursor: null }),
      [`POST /api/tasks/${task.id}/notes`]: json(201, {
        id: '00000000-0000-4000-8000-0000000000f1',
        body: 'Called, no answer',
        authorId: 'user-1',
        createdAt: '2026-11-24T10:00:00.000Z',
        updatedAt: '2026-11-24T10:00:00.000Z',
      }),
    });
    const i18n = await initTestI18n('en');
    renderWithStore(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <SnackbarProvider>
            <MemoryRouter>
              <TaskActivityDialog
                task={task}
                canEdit
                currentUserId="user-1"
                memberName={() => 'Ada'}
                onClose={() => undefined}
              />
            </MemoryRouter>
          </SnackbarProvider>
        </ThemeProvider>
      </I18nextProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notes and timeline: Call Grace' });
    fireEvent.change(await within(dialog).findByRole('textbox'), {
      target: { value: 'Called, no answer' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([url, init]) => init?.method === 'POST' && String(url).endsWith('/notes'),
        ),
      ).toBe(true),
    );
    const post = api.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/notes'),
    )!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ body: 'Called, no answer' });
  });
});
