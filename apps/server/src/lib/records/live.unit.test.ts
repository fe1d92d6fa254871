import { describe, expect, it } from 'vitest';
import { crmChangeOf, originOf } from './live.ts';

const id = '0b6f1c52-3c1e-4d0a-9f55-2f0d7c1e8a41';

describe('crmChangeOf', () => {
  it("names the record of the route's :id when the route says so, else none", () => {
    expect(crmChangeOf({ entity: 'people', byId: true }, { id })).toEqual({ entity: 'people', id });
    expect(crmChangeOf({ entity: 'lists', byId: false }, { id })).toEqual({
      entity: 'lists',
      id: null,
    });
    expect(crmChangeOf({ entity: 'notes', byId: true }, {})).toEqual({ entity: 'notes', id: null });
  });

  it('is null for a route that declares no change', () => {
    expect(crmChangeOf(undefined, { id })).toBeNull();
  });
});

describe('originOf', () => {
  it('keeps a plain tab id and drops anything else', () => {
    expect(originOf('3f9a0c1d2e4b5a6978c0d1e2')).toBe('3f9a0c1d2e4b5a6978c0d1e2');
    expect(originOf(undefined)).toBeNull();
    expect(originOf(['a', 'b'])).toBeNull();
    expect(originOf('x'.repeat(65))).toBeNull();
    expect(originOf('<script>')).toBeNull();
  });
});
