import { describe, expect, it } from 'vitest';
import { recordEntities, subjectTypes } from '@beacon/contract';
import { records } from '../../modules/record-entities.ts';
import { RecordRegistry } from './registry.ts';

const id = '0b6f1c52-3c1e-4d0a-9f55-2f0d7c1e8a41';

describe('the records registry', () => {
  it('holds one entry per entity the contract lists, in its order', () => {
    expect(records.all.map((entity) => entity.name)).toEqual(recordEntities);
    expect(records.all.map((entity) => entity.subject)).toEqual(subjectTypes);
  });

  it('finds an entity by its name and by its subject type', () => {
    expect(records.entity('people').subject).toBe('person');
    expect(records.entity('companies').members).toEqual({
      table: 'list_companies',
      column: 'company_id',
    });
    expect(records.ofSubject('company').name).toBe('companies');
    expect(records.ofSubject('person').notFound).toBe('No such person');
    // Tasks: an entry without lists (the contract's entitiesWithoutLists).
    expect(records.ofSubject('task').name).toBe('tasks');
    expect(records.entity('tasks').members).toBeUndefined();
  });

  it('tells which record a note or an activity row points at', () => {
    expect(records.subjectOf({ personId: null, companyId: id })).toEqual({ type: 'company', id });
    expect(records.subjectOf({ personId: id, companyId: null })).toEqual({ type: 'person', id });
    expect(() => records.subjectOf({ personId: null, companyId: null })).toThrow();
    expect(records.subjectOf({ personId: null, dealId: null, taskId: id })).toEqual({
      type: 'task',
      id,
    });
  });

  it('refuses a list without an entity of the contract, or with one twice', () => {
    const [people, companies] = records.all;
    expect(() => new RecordRegistry([people!])).toThrow(/no entry for companies/);
    expect(() => new RecordRegistry([people!, companies!, people!])).toThrow(/twice/);
  });
});
