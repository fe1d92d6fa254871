import { describe, expect, it } from 'vitest';
import { roleCanEdit } from './use-can-edit.ts';

describe('roleCanEdit', () => {
  it('lets admins and contributors change records, and nobody else', () => {
    expect(roleCanEdit('admin')).toBe(true);
    expect(roleCanEdit('contributor')).toBe(true);
    expect(roleCanEdit('viewer')).toBe(false);
    expect(roleCanEdit(null)).toBe(false);
    expect(roleCanEdit(undefined)).toBe(false);
  });
});
