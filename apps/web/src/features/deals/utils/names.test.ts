import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { dealLostReasons } from '@beacon/contract';
import { lostReasonText, pipelineName, stageName } from './names.ts';

describe('default names and lost reasons', () => {
  it('word a keyed default in the reader’s language, a named one as named, a standard reason by its key', async () => {
    const t = i18n.createInstance();
    await t.init({
      lng: 'fr',
      resources: {
        fr: {
          deals: {
            defaults: {
              pipelines: { sales: 'Pipeline commercial' },
              stages: { proposal: 'Proposition' },
            },
            lostReasons: { competitor: 'Concurrent choisi' },
          },
        },
      },
    });
    const tf = t.t.bind(t);
    expect(stageName(tf, { name: 'Proposal', key: 'proposal' })).toBe('Proposition');
    expect(stageName(tf, { name: 'Offre finale', key: null })).toBe('Offre finale');
    // A key without words yet falls back to the stored name.
    expect(stageName(tf, { name: 'Won', key: 'won' })).toBe('Won');
    expect(pipelineName(tf, { name: 'Sales pipeline', key: 'sales' })).toBe('Pipeline commercial');
    expect(pipelineName(tf, { name: 'Renouvellements', key: null })).toBe('Renouvellements');
    expect(dealLostReasons).toContain('competitor');
    expect(lostReasonText(tf, 'competitor')).toBe('Concurrent choisi');
    expect(lostReasonText(tf, 'Trop cher pour eux')).toBe('Trop cher pour eux');
  });
});
