import { describe, expect, it } from 'vitest';
import { formatDuration, stageSpans } from './stage-history.ts';

const change = (id: string, to: string, at: string) => ({
  id,
  fromStageName: null,
  toStageName: to,
  byId: null,
  at,
});

describe('stageSpans', () => {
  it('gives each stage its time until the next change, the current one until now, newest first', () => {
    const spans = stageSpans(
      [
        change('2', 'Proposal', '2026-11-04T00:00:00Z'),
        change('1', 'Qualification', '2026-11-01T00:00:00Z'),
        change('3', 'Negotiation', '2026-11-04T12:00:00Z'),
      ],
      new Date('2026-11-06T12:00:00Z'),
    );
    expect(spans.map((s) => [s.change.id, s.duration / 3_600_000, s.current])).toEqual([
      ['3', 48, true],
      ['2', 12, false],
      ['1', 72, false],
    ]);
  });

  it('answers nothing for a deal without history', () => {
    expect(stageSpans([], new Date())).toEqual([]);
  });
});

describe('formatDuration', () => {
  it('writes the largest whole unit in the reader’s language', () => {
    expect(formatDuration(3 * 86_400_000 + 5_000, 'en')).toBe('3 days');
    expect(formatDuration(5 * 3_600_000, 'fr')).toBe('5\u00a0heures');
    expect(formatDuration(90_000, 'en')).toBe('1 minute');
  });
});
