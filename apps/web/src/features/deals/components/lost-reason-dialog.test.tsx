import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initTestI18n } from '../../../test/i18n.ts';
import { LostReasonDialog } from './lost-reason-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });

async function setup(confirm: (reason: string) => Promise<unknown>) {
  const i18n = await initTestI18n('en');
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <LostReasonDialog
        open
        dealName="Acme pilot"
        stageName="Lost"
        onConfirm={confirm}
        onClose={onClose}
      />
    </I18nextProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Why was “Acme pilot” lost?' });
  const field = screen.getByRole('textbox', { name: /Lost reason/ });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Mark as lost' }));
  return { dialog, field, submit, onClose };
}

describe('LostReasonDialog', () => {
  it('refuses an empty or blank reason, and saves a real one trimmed', async () => {
    const confirm = vi.fn(() => Promise.resolve());
    const { field, submit } = await setup(confirm);
    submit();
    expect(await screen.findByText('Give the reason')).toBeTruthy();
    fireEvent.change(field, { target: { value: '   ' } });
    submit();
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '  Went with a competitor ' } });
    submit();
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith('Went with a competitor'));
  });

  it('keeps the reason for another try when the save fails', async () => {
    const confirm = vi.fn(() => Promise.reject(new Error('refused')));
    const { field, submit } = await setup(confirm);
    fireEvent.change(field, { target: { value: 'Budget cut' } });
    submit();
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect((field as HTMLTextAreaElement).value).toBe('Budget cut');
  });

  it('saves a standard reason as its key, worded in the reader’s language', async () => {
    const confirm = vi.fn(() => Promise.resolve());
    await setup(confirm);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Chose a competitor' }));
    // No text to write for a standard reason.
    expect(screen.queryByRole('textbox', { name: /Lost reason/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as lost' }));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith('competitor'));
  });

  it('refuses a written reason longer than the contract allows', async () => {
    const confirm = vi.fn(() => Promise.resolve());
    const { field, submit } = await setup(confirm);
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    submit();
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('closes on Cancel without saving', async () => {
    const confirm = vi.fn(() => Promise.resolve());
    const { onClose } = await setup(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});
