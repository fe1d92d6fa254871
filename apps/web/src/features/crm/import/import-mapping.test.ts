import { describe, expect, it } from 'vitest';
import {
  assignField,
  errorsCsv,
  importFields,
  importProgress,
  initialMapping,
  isFinished,
  mappingProblems,
} from './import-mapping.ts';

describe('import mapping', () => {
  it('starts from the suggestion, known fields only, each field once', () => {
    const mapping = initialMapping('people', {
      columns: ['Email', 'E-mail 2', 'Name', 'Shoe size', 'Company'],
      mapping: {
        Email: 'email',
        'E-mail 2': 'email',
        Name: 'fullName',
        'Shoe size': 'shoeSize',
        Company: 'companyName',
      },
    });
    expect(mapping).toEqual({
      Email: 'email',
      'E-mail 2': null,
      Name: 'fullName',
      'Shoe size': null,
      Company: 'companyName',
    });
  });

  it('lets several columns share phones, other e-mails and tags', () => {
    const mapping = initialMapping('people', {
      columns: ['Phone 1 - Value', 'Phone 2 - Value', 'E-mail 1 - Value', 'E-mail 2 - Value'],
      mapping: {
        'Phone 1 - Value': 'phones',
        'Phone 2 - Value': 'phones',
        'E-mail 1 - Value': 'email',
        'E-mail 2 - Value': 'additionalEmails',
      },
    });
    expect(mapping['Phone 2 - Value']).toBe('phones');
    expect(assignField(mapping, 'E-mail 1 - Value', 'phones')).toEqual({
      'Phone 1 - Value': 'phones',
      'Phone 2 - Value': 'phones',
      'E-mail 1 - Value': 'phones',
      'E-mail 2 - Value': 'additionalEmails',
    });
  });

  it('gives every column an entry, even when the server suggests nothing', () => {
    expect(initialMapping('companies', { columns: ['A', 'B'], mapping: {} })).toEqual({
      A: null,
      B: null,
    });
  });

  it('moves a field to the column it is chosen for', () => {
    const start = { A: 'email', B: null, C: 'city' };
    expect(assignField(start, 'B', 'email')).toEqual({ A: null, B: 'email', C: 'city' });
    expect(assignField(start, 'C', null)).toEqual({ A: 'email', B: null, C: null });
  });

  it('asks for a name or an e-mail for people, a name for companies', () => {
    expect(mappingProblems('people', { A: null })).toEqual(['import.problems.nothingMapped']);
    expect(mappingProblems('people', { A: 'city' })).toEqual(['import.problems.personIdentity']);
    expect(mappingProblems('people', { A: 'city', B: 'lastName' })).toEqual([]);
    expect(mappingProblems('companies', { A: 'domain' })).toEqual(['import.problems.companyName']);
    expect(mappingProblems('companies', { A: 'name' })).toEqual([]);
  });

  it('follows the job to its end', () => {
    expect(isFinished('running')).toBe(false);
    expect(isFinished('completed')).toBe(true);
    expect(isFinished('failed')).toBe(true);
    expect(importProgress({ processedRows: 50, totalRows: 200, status: 'running' })).toBe(25);
    expect(importProgress({ processedRows: 0, totalRows: 0, status: 'queued' })).toBe(0);
    expect(importProgress({ processedRows: 0, totalRows: 0, status: 'completed' })).toBe(100);
  });

  it('writes the refused rows as CSV, quoting what needs it', () => {
    expect(
      errorsCsv([
        { row: 3, reason: 'Not an e-mail address' },
        { row: 7, reason: 'Bad "stage", use cold' },
      ]),
    ).toBe('row,reason\r\n3,Not an e-mail address\r\n7,"Bad ""stage"", use cold"\r\n');
  });
});

describe('deal imports', () => {
  it('map to the deal fields and need the deal name', () => {
    expect(importFields('deals')).toContain('stageName');
    expect(mappingProblems('deals', { Title: null, Value: 'amount' })).toEqual([
      'import.problems.dealName',
    ]);
    expect(mappingProblems('deals', { Title: 'name', Value: 'amount' })).toEqual([]);
  });
});
