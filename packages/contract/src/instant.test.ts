import { describe, expect, it } from 'vitest';
import { instantSchema } from './instant.ts';

const messages = (value: unknown) =>
  instantSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('instantSchema', () => {
  it('takes ISO 8601 date-times from the year 100 to 9999 with offsets within ±15:59', () => {
    for (const value of [
      '2026-11-21T09:00:00.000Z',
      '2024-02-29T00:00:00Z',
      '0100-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00+15:59',
      '2026-01-01T00:00:00-15:59',
    ]) {
      expect(messages(value), value).toEqual([]);
    }
  });

  it('refuses what PostgreSQL cannot store or the server cannot read back, with one message', () => {
    for (const value of [
      '0000-01-01T00:00:00Z',
      '0099-12-31T23:59:59Z',
      '0100-01-01T00:30:00+01:00',
      '9999-12-31T23:00:00-01:00',
      '2026-01-01T00:00:00+16:00',
      '2026-01-01T00:00:00-23:59',
    ]) {
      expect(messages(value), value).toEqual([
        'Use a date from the year 100 to 9999, with an offset within ±15:59',
      ]);
    }
    for (const value of ['10000-01-01T00:00:00Z', '2025-02-29T00:00:00Z', 'soon', 42]) {
      expect(messages(value), String(value)).toEqual(['Use an ISO 8601 date and time']);
    }
  });
});
