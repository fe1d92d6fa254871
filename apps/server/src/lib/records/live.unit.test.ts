import { describe, expect, it } from 'vitest';
import { crmChangeOf, originOf } from './live.ts';

const id = '0b6f1c52-3c1e-4d0a-9f55-2f0d7c1e8a41';

describe('crmChangeOf', () => {
  it('names the record a write changed, or null for a creation or a change of many', () => {
    expect(crmChangeOf('POST', '/api/people', {})).toEqual({ entity: 'people', id: null });
    expect(crmChangeOf('PATCH', '/api/people/:id', { id })).toEqual({ entity: 'people', id });
    expect(crmChangeOf('DELETE', '/api/companies/:id', { id })).toEqual({
      entity: 'companies',
      id,
    });
    expect(crmChangeOf('POST', '/api/companies/bulk', {})).toEqual({
      entity: 'companies',
      id: null,
    });
    expect(crmChangeOf('POST', '/api/people/merge', {})).toEqual({ entity: 'people', id: null });
    expect(crmChangeOf('POST', '/api/people/:id/notes', { id })).toEqual({ entity: 'people', id });
    expect(crmChangeOf('PATCH', '/api/notes/:id', { id })).toEqual({ entity: 'notes', id });
    expect(crmChangeOf('POST', '/api/lists/:id/items', { id })).toEqual({ entity: 'lists', id });
    expect(crmChangeOf('POST', '/api/lists/:id/items/remove', { id })).toEqual({
      entity: 'lists',
      id,
    });
  });

  it('is null for reads and for routes that change no record', () => {
    expect(crmChangeOf('GET', '/api/people/:id', { id })).toBeNull();
    expect(crmChangeOf('GET', '/api/people/export.csv', {})).toBeNull();
    expect(crmChangeOf('POST', '/api/views', {})).toBeNull();
    expect(crmChangeOf('POST', '/api/imports', {})).toBeNull();
    expect(crmChangeOf('POST', '/meetings/events/new', {})).toBeNull();
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
