import type { FilterCondition, ListKind, SubjectType } from '@beacon/contract';
import { companiesApi, listsApi, peopleApi, timelineApi } from './crm-api.ts';

/*
 * The calls of the record pages (a person, a company, their notes and timeline) and of the lists
 * screens, in the shapes those screens use. Built on the CRM client beside this file; only what
 * it lacks is written here.
 */

/** The page size of the timeline and of a list's members. */
export const PAGE_SIZE = 25;

export interface MemberQuery {
  q?: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}

const subjectOf = (type: SubjectType, id: string) => ({ type, id });

export const recordApi = {
  person: peopleApi.get,
  patchPerson: peopleApi.update,
  deletePerson: peopleApi.remove,
  vcard: peopleApi.vcard,

  company: companiesApi.get,
  patchCompany: companiesApi.update,
  deleteCompany: companiesApi.remove,

  /** One page of a record's timeline, newest first. */
  activity: (type: SubjectType, id: string, cursor?: string | null) =>
    timelineApi.activity(subjectOf(type, id), { cursor, limit: PAGE_SIZE }),
  addNote: (type: SubjectType, id: string, body: string) =>
    timelineApi.addNote(subjectOf(type, id), body),
  updateNote: timelineApi.updateNote,
  deleteNote: timelineApi.removeNote,

  /** People at a company, or on a list, one page at a time. */
  people: (filters: FilterCondition[], query: MemberQuery = {}) =>
    peopleApi.list(
      { filters, q: query.q, cursor: query.cursor, limit: query.limit ?? PAGE_SIZE },
      query.signal,
    ),
  companies: (filters: FilterCondition[], query: MemberQuery = {}) =>
    companiesApi.list(
      { filters, q: query.q, cursor: query.cursor, limit: query.limit ?? PAGE_SIZE },
      query.signal,
    ),

  lists: (kind?: ListKind, signal?: AbortSignal) => listsApi.list(kind, signal),
  list: listsApi.get,
  createList: listsApi.create,
  patchList: listsApi.update,
  deleteList: listsApi.remove,
  addToList: (listId: string, ids: string[]) => listsApi.addItems(listId, { ids }),
  removeFromList: (listId: string, ids: string[]) => listsApi.removeItems(listId, { ids }),
};

/** The filter that picks a company's people. */
export const atCompany = (companyId: string): FilterCondition[] => [
  { field: 'companyId', op: 'equals', value: companyId },
];

/** The filter that picks the members of a list. */
export const onList = (listId: string): FilterCondition[] => [
  { field: 'list', op: 'on_list', value: listId },
];
