import { describe, expect, it } from 'vitest';
import {
  crmChangeSchema,
  entitiesWithoutLists,
  importEntitySchema,
  listEntities,
  listKindSchema,
  recordEntities,
  recordSubjects,
  subjectTypeSchema,
  subjectTypes,
  viewEntitySchema,
} from './index.ts';

describe('the record entities', () => {
  it('are listed once, with their subject types', () => {
    expect(recordEntities).toEqual(['people', 'companies', 'deals', 'tasks']);
    expect(subjectTypes).toEqual(['person', 'company', 'deal', 'task']);
    expect(recordSubjects.people).toBe('person');
    expect(recordSubjects.tasks).toBe('task');
  });

  it('give list kinds, saved views, imports, note subjects and changes their values', () => {
    // Tasks are records with saved views, notes and changes, but no lists and no import
    // (docs/decisions/044).
    expect(entitiesWithoutLists).toEqual(['tasks']);
    expect(listEntities).toEqual(['people', 'companies', 'deals']);
    expect(listKindSchema.options).toEqual(listEntities);
    // The e-mails page has saved views too, without being a records entity (docs/decisions/061).
    expect(viewEntitySchema.options).toEqual([...recordEntities, 'emails']);
    expect(importEntitySchema.options).toEqual(listEntities);
    expect(subjectTypeSchema.options).toEqual(subjectTypes);
    expect(crmChangeSchema.shape.entity.options).toEqual([...recordEntities, 'lists', 'notes']);
    expect(listKindSchema.safeParse('tasks').success).toBe(false);
  });
});
