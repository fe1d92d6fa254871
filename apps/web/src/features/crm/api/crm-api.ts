import {
  type RecordEntityName,
  type SubjectType,
  activityPageSchema,
  bulkResultSchema,
  companyDetailSchema,
  companyPageSchema,
  companySchema,
  importJobSchema,
  noteSchema,
  personDetailSchema,
  personPageSchema,
  personSchema,
  recordCountSchema,
  recordListSchema,
  recordListsSchema,
  type CompanyBulkRequest,
  type CompanyPatch,
  type DuplicateMode,
  type FilterCondition,
  type ImportEntity,
  type ListKind,
  type ListPatch,
  type NewCompany,
  type NewList,
  type NewPerson,
  type PersonBulkRequest,
  type PersonPatch,
  type Selection,
} from '@beacon/contract';
import { http, readBody } from '../../../lib/http.ts';
import { fileNameOf, parseOrFail, sendRaw } from '../../../lib/raw-request.ts';

/**
 * Every call of the CRM screens (issue 5): people, companies, saved views, lists, notes and
 * activity, and imports (the members come from the shared cache, lib/members-api.ts). Typed by the contract's schemas; every
 * function goes through the one HTTP client (or `sendRaw` for CSV bodies and downloads).
 */

export type CrmEntity = 'people' | 'companies' | 'deals';

/** What the table asks for: the shape of `recordQuerySchema`, with filters as conditions. */
export interface RecordQueryInput {
  q?: string;
  filters?: FilterCondition[];
  /** `col` ascending, `-col` descending. */
  sort?: string | null;
  limit?: number;
  cursor?: string | null;
}

/** The query string of a list, count or export call (empty parts left out). */
export function recordQueryParams(
  query: RecordQueryInput & { columns?: string[] },
): Record<string, string | number | undefined> {
  const q = query.q?.trim();
  return {
    q: q ? q : undefined,
    filters: query.filters && query.filters.length > 0 ? JSON.stringify(query.filters) : undefined,
    sort: query.sort ? query.sort : undefined,
    limit: query.limit,
    cursor: query.cursor ? query.cursor : undefined,
    columns: query.columns && query.columns.length > 0 ? query.columns.join(',') : undefined,
  };
}

/** A downloaded file: its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const okSchema = { parse: (data: unknown) => data };
const enc = encodeURIComponent;

async function exportCsv(
  entity: CrmEntity,
  query: Omit<RecordQueryInput, 'limit' | 'cursor'> & { columns?: string[] },
): Promise<DownloadedFile> {
  const response = await sendRaw(`/api/${entity}/export.csv`, {
    query: recordQueryParams(query),
    headers: { Accept: 'text/csv' },
  });
  return { blob: await response.blob(), fileName: fileNameOf(response, `${entity}.csv`) };
}

export const peopleApi = {
  list: (query: RecordQueryInput, signal?: AbortSignal) =>
    http.get('/api/people', { query: recordQueryParams(query), schema: personPageSchema, signal }),
  count: (query: Pick<RecordQueryInput, 'q' | 'filters'>, signal?: AbortSignal) =>
    http.get('/api/people/count', {
      query: recordQueryParams(query),
      schema: recordCountSchema,
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/people/${enc(id)}`, { schema: personDetailSchema, signal }),
  create: (person: NewPerson) => http.post('/api/people', { json: person, schema: personSchema }),
  update: (id: string, patch: PersonPatch) =>
    http.patch(`/api/people/${enc(id)}`, { json: patch, schema: personSchema }),
  remove: (id: string) => http.delete(`/api/people/${enc(id)}`, { schema: okSchema }),
  bulk: (body: PersonBulkRequest) =>
    http.post('/api/people/bulk', { json: body, schema: bulkResultSchema }),
  exportCsv: (query: Omit<RecordQueryInput, 'limit' | 'cursor'> & { columns?: string[] }) =>
    exportCsv('people', query),
  /** The person as a vCard file. */
  vcard: async (id: string): Promise<DownloadedFile> => {
    const response = await sendRaw(`/api/people/${enc(id)}/vcard`, {
      headers: { Accept: 'text/vcard' },
    });
    return { blob: await response.blob(), fileName: fileNameOf(response, 'person.vcf') };
  },
};

export const companiesApi = {
  list: (query: RecordQueryInput, signal?: AbortSignal) =>
    http.get('/api/companies', {
      query: recordQueryParams(query),
      schema: companyPageSchema,
      signal,
    }),
  count: (query: Pick<RecordQueryInput, 'q' | 'filters'>, signal?: AbortSignal) =>
    http.get('/api/companies/count', {
      query: recordQueryParams(query),
      schema: recordCountSchema,
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/companies/${enc(id)}`, { schema: companyDetailSchema, signal }),
  create: (company: NewCompany) =>
    http.post('/api/companies', { json: company, schema: companySchema }),
  update: (id: string, patch: CompanyPatch) =>
    http.patch(`/api/companies/${enc(id)}`, { json: patch, schema: companySchema }),
  remove: (id: string) => http.delete(`/api/companies/${enc(id)}`, { schema: okSchema }),
  bulk: (body: CompanyBulkRequest) =>
    http.post('/api/companies/bulk', { json: body, schema: bulkResultSchema }),
  exportCsv: (query: Omit<RecordQueryInput, 'limit' | 'cursor'> & { columns?: string[] }) =>
    exportCsv('companies', query),
};

/** Static lists of people or of companies. */
export const listsApi = {
  list: (kind?: ListKind, signal?: AbortSignal) =>
    http.get('/api/lists', { query: { kind }, schema: recordListsSchema, signal }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/lists/${enc(id)}`, { schema: recordListSchema, signal }),
  create: (list: NewList) => http.post('/api/lists', { json: list, schema: recordListSchema }),
  update: (id: string, patch: ListPatch) =>
    http.patch(`/api/lists/${enc(id)}`, { json: patch, schema: recordListSchema }),
  remove: (id: string) => http.delete(`/api/lists/${enc(id)}`, { schema: okSchema }),
  addItems: (id: string, selection: Selection) =>
    http.post(`/api/lists/${enc(id)}/items`, { json: { selection }, schema: bulkResultSchema }),
  removeItems: (id: string, selection: Selection) =>
    http.post(`/api/lists/${enc(id)}/items/remove`, {
      json: { selection },
      schema: bulkResultSchema,
    }),
};

type Subject = { type: SubjectType; id: string };
const subjectPaths: Record<SubjectType, RecordEntityName> = {
  person: 'people',
  company: 'companies',
  deal: 'deals',
  task: 'tasks',
};
const subjectPath = (subject: Subject) => `/api/${subjectPaths[subject.type]}/${enc(subject.id)}`;

/** Notes and the activity timeline of a person, a company or a deal. */
export const timelineApi = {
  activity: (subject: Subject, page: { limit?: number; cursor?: string | null } = {}) =>
    http.get(`${subjectPath(subject)}/activity`, {
      query: { limit: page.limit, cursor: page.cursor ?? undefined },
      schema: activityPageSchema,
    }),
  addNote: (subject: Subject, body: string) =>
    http.post(`${subjectPath(subject)}/notes`, { json: { body }, schema: noteSchema }),
  updateNote: (noteId: string, body: string) =>
    http.patch(`/api/notes/${enc(noteId)}`, { json: { body }, schema: noteSchema }),
  removeNote: (noteId: string) => http.delete(`/api/notes/${enc(noteId)}`, { schema: okSchema }),
};

/** CSV import: upload (columns, preview, suggested mapping), start, follow. */
export const importsApi = {
  upload: async (entity: ImportEntity, file: File | Blob, fileName: string) => {
    const response = await sendRaw('/api/imports', {
      method: 'POST',
      query: { entity, fileName },
      body: file,
      headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
    });
    return parseOrFail(importJobSchema, response.status, await readBody(response));
  },
  start: (
    id: string,
    body: {
      mapping: Record<string, string | null>;
      duplicateMode: DuplicateMode;
      listId: string | null;
    },
  ) => http.post(`/api/imports/${enc(id)}/start`, { json: body, schema: importJobSchema }),
  get: (id: string, signal?: AbortSignal) =>
    http.get(`/api/imports/${enc(id)}`, { schema: importJobSchema, signal }),
};
