import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { dealFields } from '@beacon/contract';
import type { ApiFailure } from '../../../lib/api.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { EditableField } from './editable-field.tsx';

vi.setConfig({ testTimeout: 20_000 });

async function setup(onSave: (text: string) => Promise<void>) {
  const i18n = await initTestI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <EditableField
        field="name"
        label="Name"
        value="Acme pilot"
        rule={dealFields.name}
        messages={{ too_small: 'deals:validation.required' }}
        maxLength={dealFields.name.maxLength ?? undefined}
        onSave={onSave}
      />
    </I18nextProvider>,
  );
  return screen.getByRole('textbox', { name: 'Name' });
}

describe('EditableField', () => {
  it("checks the text with the contract's rule and its limit, without saving", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const field = await setup(onSave);
    expect(field.getAttribute('maxlength')).toBe('200');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's words for the field when a mutation refuses it", async () => {
    const failure: ApiFailure = {
      message: 'Invalid',
      status: 400,
      code: 'VALIDATION_FAILED',
      operation: 'dealUpdate',
      fieldErrors: { name: ['Already taken'] },
    };
    const field = await setup(() => Promise.reject(failure));
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'Acme pilot 2' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Already taken')).toBeTruthy();
  });
});
