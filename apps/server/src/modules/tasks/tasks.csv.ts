import type { Task } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { orEmpty, type CsvColumn } from '../../lib/records/csv.ts';
import { contactsCsvContext, type ContactsCsvContext } from '../imports/contacts-csv.ts';

// The tasks CSV export (GET /api/tasks/export.csv, docs/decisions/044): headers a person reads,
// the assignee by e-mail, the related person and company by name, due times as ISO instants with
// the zone their due state was counted in. Tasks have no import (the contract's
// `entitiesWithoutLists`), so no column needs to read back.

type TaskColumn = CsvColumn<Task, ContactsCsvContext>;

export const taskCsvColumns: TaskColumn[] = [
  { name: 'title', label: 'Title', value: (t) => t.title },
  { name: 'type', label: 'Type', value: (t) => t.type },
  { name: 'status', label: 'Status', value: (t) => t.status },
  { name: 'priority', label: 'Priority', value: (t) => t.priority },
  { name: 'dueAt', label: 'Due', value: (t) => orEmpty(t.dueAt) },
  { name: 'dueState', label: 'Due state', value: (t) => t.dueState },
  { name: 'timeZone', label: 'Time zone', value: (t) => t.timeZone },
  {
    name: 'assigneeEmail',
    aliases: ['assigneeId'],
    label: 'Assignee',
    value: (t, c) => (t.assigneeId ? (c.owners.get(t.assigneeId) ?? '') : ''),
  },
  { name: 'personName', label: 'Person', value: (t) => t.personName },
  { name: 'companyName', label: 'Company', value: (t) => t.companyName },
  {
    name: 'companyDomain',
    label: 'Company domain',
    value: (t, c) => (t.companyId ? (c.domains.get(t.companyId) ?? '') : ''),
  },
  { name: 'notes', label: 'Notes', value: (t) => t.notes },
  { name: 'completedAt', label: 'Completed', value: (t) => orEmpty(t.completedAt) },
  { name: 'createdAt', label: 'Created', value: (t) => t.createdAt },
  { name: 'id', label: 'Id', extra: true, value: (t) => t.id },
  { name: 'personId', label: 'Person id', extra: true, value: (t) => orEmpty(t.personId) },
  { name: 'companyId', label: 'Company id', extra: true, value: (t) => orEmpty(t.companyId) },
  { name: 'dealId', label: 'Deal id', extra: true, value: (t) => orEmpty(t.dealId) },
];

/** The assignees' e-mails and the companies' domains of a page of the export. */
export const tasksCsvContext = (db: Database, workspaceId: string, items: Task[]) =>
  contactsCsvContext(
    db,
    workspaceId,
    items.map((t) => ({ ownerId: t.assigneeId, companyId: t.companyId })),
  );
