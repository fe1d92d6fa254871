import { describe, expect, it } from 'vitest';
import {
  crmChangeSchema,
  importEntitySchema,
  listKindSchema,
  recordEntities,
  recordSubjects,
  subjectTypeSchema,
  subjectTypes,
  viewEntitySchema,
} from './index.ts';

describe('the record entities', () => {
  it('are listed once, with their subject types', () => {
    expect(recordEntities).toEqual(['people', 'companies', 'deals']);
    expect(subjectTypes).toEqual(['person', 'company', 'deal']);
    expect(recordSubjects.people).toBe('person');
  });

  it('give list kinds, saved views, imports, note subjects and changes their values', () => {
    expect(listKindSchema.options).toEqual(recordEntities);
    expect(viewEntitySchema.options).toEqual(recordEntities);
    expect(importEntitySchema.options).toEqual(recordEntities);
    expect(subjectTypeSchema.options).toEqual(subjectTypes);
    expect(crmChangeSchema.shape.entity.options).toEqual([...recordEntities, 'lists', 'notes']);
    expect(listKindSchema.safeParse('tasks').success).toBe(false);
  });
});
