import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Pipeline } from '@beacon/contract';
import { initTestI18n } from '../../../test/i18n.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { renderWithStore } from '../../../test/render.tsx';
import { NewDealDialog } from './new-deal-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });

const T0 = '2026-05-01T10:00:00.000Z';
const PIPELINE: Pipeline = {
  id: 'p1',
  name: 'Sales',
  key: null,
  isDefault: true,
  position: 0,
  createdAt: T0,
  updatedAt: T0,
  stages: [
    {
      id: 's1',
      pipelineId: 'p1',
      name: 'New',
      key: null,
      position: 0,
      probability: 10,
      kind: 'open',
      rotDays: null,
    },
  ],
};

async function setup() {
  const i18n = await initTestI18n('en');
  const onCreated = vi.fn();
  renderWithStore(
    <I18nextProvider i18n={i18n}>
      <NewDealDialog
        open
        pipeline={PIPELINE}
        defaultCurrency="EUR"
        onClose={() => undefined}
        onCreated={onCreated}
      />
    </I18nextProvider>,
  );
  const field = (name: RegExp) => screen.getByRole('textbox', { name });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add deal' }));
  return { field, submit, onCreated };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NewDealDialog', () => {
  it('words each field the contract refuses, all at once, and calls nobody', async () => {
    const fetchMock = stubApi({});
    const { field, submit } = await setup();
    fireEvent.change(field(/Amount/), { target: { value: '12,50,0.7x' } });
    fireEvent.change(field(/Currency/), { target: { value: 'XX' } });
    submit();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Enter an amount such as 12,500.00 (not negative)')).toBeTruthy();
    expect(screen.getByText('Enter a currency code such as EUR or USD')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the deal in minor units, and puts a refused field’s words on that field', async () => {
    const refusal = json(400, {
      detail: 'Invalid',
      code: 'VALIDATION_FAILED',
      errors: { name: ['A deal of this name exists'] },
    });
    const fetchMock = stubApi({ 'POST /api/deals': refusal });
    const { field, submit, onCreated } = await setup();
    fireEvent.change(field(/Name/), { target: { value: '  Acme pilot ' } });
    fireEvent.change(field(/Amount/), { target: { value: '12,500.50' } });
    submit();
    expect(await screen.findByText('A deal of this name exists')).toBeTruthy();
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Acme pilot',
      pipelineId: 'p1',
      stageId: 's1',
      amount: 1250050,
      currency: 'EUR',
      expectedCloseDate: null,
      companyId: null,
    });
    stubApi({
      'POST /api/deals': json(201, {
        id: 'd1',
        name: 'Acme pilot',
        pipelineId: 'p1',
        stageId: 's1',
        status: 'open',
        amount: 1250050,
        currency: 'EUR',
        expectedCloseDate: null,
        ownerId: null,
        companyId: null,
        companyName: '',
        people: [],
        source: 'manual',
        tags: [],
        lostReason: '',
        nextStep: '',
        position: 'V',
        stageChangedAt: T0,
        lastActivityAt: T0,
        createdAt: T0,
        updatedAt: T0,
        closedAt: null,
        stale: false,
      }),
    });
    submit();
    await vi.waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1' })),
    );
  });
});
