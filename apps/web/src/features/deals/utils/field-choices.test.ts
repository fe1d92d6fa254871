import { describe, expect, it } from 'vitest';
import type { Pipeline } from '@beacon/contract';
import { initTestI18n } from '../../../test/i18n.ts';
import { dealFieldChoices } from './field-choices.ts';

const stage = (id: string, name: string) => ({
  id,
  pipelineId: 'p',
  name,
  key: null as string | null,
  position: 0,
  probability: 10,
  kind: 'open' as const,
  rotDays: null,
});
const pipeline = (id: string, name: string, stages: ReturnType<typeof stage>[]): Pipeline => ({
  id,
  name,
  key: null,
  isDefault: false,
  position: 0,
  stages,
  createdAt: '',
  updatedAt: '',
});

describe('dealFieldChoices', () => {
  it('names stages alone in one pipeline, and with their pipeline when there are several', async () => {
    const i18n = await initTestI18n('en');
    const one = dealFieldChoices(i18n.t, [pipeline('p1', 'Sales', [stage('s1', 'Proposal')])]);
    expect(one.stageId).toEqual([{ value: 's1', label: 'Proposal' }]);
    expect(one.status?.map((c) => c.label)).toEqual(['Open', 'Won', 'Lost']);
    // The default pipeline and stages nobody renamed are worded in the reader's language.
    const fr = await initTestI18n('fr');
    const keyed = dealFieldChoices(fr.t, [
      {
        ...pipeline('p1', 'Sales pipeline', [{ ...stage('s1', 'Proposal'), key: 'proposal' }]),
        key: 'sales',
      },
      pipeline('p2', 'Renouvellements', [stage('s2', 'Relance')]),
    ]);
    expect(keyed.pipelineId).toEqual([
      { value: 'p1', label: 'Pipeline commercial' },
      { value: 'p2', label: 'Renouvellements' },
    ]);
    expect(keyed.stageId).toEqual([
      { value: 's1', label: 'Pipeline commercial · Proposition' },
      { value: 's2', label: 'Renouvellements · Relance' },
    ]);
    const two = dealFieldChoices(i18n.t, [
      pipeline('p1', 'Sales', [stage('s1', 'Proposal')]),
      pipeline('p2', 'Renewals', [stage('s2', 'Proposal')]),
    ]);
    expect(two.stageId?.map((c) => c.label)).toEqual(['Sales · Proposal', 'Renewals · Proposal']);
    expect(two.pipelineId).toEqual([
      { value: 'p1', label: 'Sales' },
      { value: 'p2', label: 'Renewals' },
    ]);
  });
});
