import { describe, expect, it } from 'vitest';
import { decodeAuditCursor, encodeAuditCursor } from './audit.service.ts';

const id = '0b6f8a52-3c1e-4f5e-9d2a-6c1b2a3d4e5f';

describe('audit cursor', () => {
  it('round-trips the instant as the database writes it, microseconds kept', () => {
    for (const at of ['2026-11-24 23:50:01.123456+00', '2026-01-01 00:00:00+05:30']) {
      expect(decodeAuditCursor(encodeAuditCursor({ at, id }))).toEqual({ at, id });
    }
  });

  it('refuses what is not one of its cursors', () => {
    const bad = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'garbage',
      bad(['2026-02-30 00:00:00+00', id]),
      bad(['2026-01-01 24:00:00+00', id]),
      bad(['2026-01-01T00:00:00Z', id]),
      bad(['2026-01-01 00:00:00+00', 'nope']),
      bad(['2026-01-01 00:00:00+00']),
      bad({ at: '2026-01-01 00:00:00+00', id }),
    ]) {
      expect(() => decodeAuditCursor(cursor), cursor).toThrow(/cursor/);
    }
  });
});
