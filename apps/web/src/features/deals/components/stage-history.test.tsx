import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { DealStageChange } from '@beacon/contract';
import { initTestI18n } from '../../../test/i18n.ts';
import { StageHistory } from './stage-history.tsx';

const change = (over: Partial<DealStageChange>): DealStageChange => ({
  id: 'c1',
  fromStageId: null,
  toStageId: 's-prop',
  fromStageName: null,
  toStageName: 'Proposal',
  dealId: 'd1',
  byId: null,
  at: '2026-11-02T10:00:00.000Z',
  ...over,
});

describe('StageHistory', () => {
  it("reads a default stage in the reader's language, and a stage renamed since as it was then", async () => {
    await initTestI18n('fr');
    render(
      <StageHistory
        changes={[
          change({}),
          change({
            id: 'c2',
            fromStageId: 's-prop',
            fromStageName: 'Proposal',
            toStageId: 's-nego',
            toStageName: 'Negotiation',
            at: '2026-11-05T10:00:00.000Z',
          }),
        ]}
        stages={[
          { id: 's-prop', name: 'Proposal', key: 'proposal' },
          // Renamed by the team since the change: the change keeps the name it had then.
          { id: 's-nego', name: 'Closing talks', key: null },
        ]}
        memberName={() => null}
      />,
    );
    const rows = screen.getAllByTestId('stage-change').map((row) => row.textContent ?? '');
    expect(rows.join(' | ')).toContain('Proposition');
    expect(rows.join(' | ')).not.toContain('Proposal');
    expect(rows.join(' | ')).toContain('Negotiation');
    expect(rows.join(' | ')).not.toContain('Closing talks');
    await initTestI18n('en');
  });
});
