import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyFieldKinds, dealFieldKinds, personFieldKinds } from '@beacon/contract';
import { desc, eq } from 'drizzle-orm';
import { outbox, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { enqueueJob } from '../src/lib/jobs.ts';
import { totpCode } from '../src/modules/auth/two-factor.ts';
import { DUE_TASKS_JOB } from '../src/modules/notifications/notifications.job.ts';
import { crmWorkspace, query, type Call } from './crm.ts';
import {
  addMember,
  authed,
  startTestServer,
  uniqueEmail,
  uploadFile,
  type TestServer,
} from './helpers.ts';

/**
 * Values a client can send that PostgreSQL cannot take: a lone UTF-16 surrogate (valid JSON, not
 * Unicode) and date-times outside what a timestamptz stores and reads back. Every one must answer
 * a 400 with `{ detail, code, errors }`, never a 500 and never a silent U+FFFD.
 */
const LONE_SURROGATES = ['\ud800', 'a\udc00b'];
const BAD_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:00:00-02:00',
  '10000-01-01T00:00:00Z',
  '9999-12-31T23:00:00-01:00',
  '0001-01-01T00:00:00+01:00',
  '0099-12-31T23:59:59Z',
  '0100-01-01T00:30:00+01:00',
  '2026-01-01T00:00:00+16:00',
  '2026-01-01T00:00:00-23:59',
];

/** The route prefixes whose every JSON body is fuzzed; a new route there needs a case below. */
const FUZZED_PREFIXES = [
  '/meetings/events',
  '/api/kanban',
  '/api/views',
  '/api/people',
  '/api/companies',
  '/api/lists',
  '/api/notes',
  '/api/imports',
  '/api/deals',
  '/api/pipelines',
  '/api/members',
  '/api/invitations',
  '/api/chat',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 100 } });
});
afterAll(async () => {
  await server.close();
});

function expectBadInput(response: Call, what: string, withErrors = true) {
  expect(response.status, `${what}: ${response.text}`).toBe(400);
  expect(typeof response.body.detail, what).toBe('string');
  expect(typeof response.body.code, what).toBe('string');
  if (withErrors) expect(Object.keys(response.body.errors ?? {}).length, what).toBeGreaterThan(0);
}

// ---------------------------------------------------------------------------------------------
// JSON schema walking: the leaves a body schema has, and the leaves a sample body fills.

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
};

/** Every leaf path of a body schema (`card.labels.#`, `mapping.*`), true for date-time leaves. */
function schemaLeaves(
  schema: JsonSchema,
  root: JsonSchema,
  path: string[] = [],
  out = new Map<string, boolean>(),
  seen = new Set<string>(),
): Map<string, boolean> {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return out;
    const name = schema.$ref.replace(/^#\/(\$defs|components\/schemas)\//, '');
    return schemaLeaves(root.$defs![name]!, root, path, out, new Set([...seen, schema.$ref]));
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0) {
    for (const branch of branches) schemaLeaves(branch, root, path, out, seen);
    return out;
  }
  if (schema.properties || typeof schema.additionalProperties === 'object') {
    for (const [key, value] of Object.entries(schema.properties ?? {})) {
      schemaLeaves(value, root, [...path, key], out, seen);
    }
    if (typeof schema.additionalProperties === 'object') {
      schemaLeaves(schema.additionalProperties, root, [...path, '*'], out, seen);
    }
    return out;
  }
  if (schema.items) return schemaLeaves(schema.items, root, [...path, '#'], out, seen);
  const key = path.join('.');
  out.set(key, (out.get(key) ?? false) || schema.format === 'date-time');
  return out;
}

type Leaf = { path: (string | number)[]; value: unknown };
function valueLeaves(value: unknown, path: (string | number)[] = [], out: Leaf[] = []): Leaf[] {
  if (Array.isArray(value)) value.forEach((item, i) => valueLeaves(item, [...path, i], out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) valueLeaves(item, [...path, key], out);
  } else out.push({ path, value });
  return out;
}
const shape = (path: (string | number)[]) =>
  path.map((p) => (typeof p === 'number' ? '#' : p)).join('.');
const matches = (schemaPath: string, valuePath: string) =>
  new RegExp(`^${schemaPath.replaceAll('.', '\\.').replaceAll('*', '[^.]+')}$`).test(valuePath);

function objectPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...path, i]));
  if (value && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
  }
  return [];
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------

describe('bad values in JSON bodies answer 400, never 500', () => {
  it('fuzzes every field of every JSON body of the calendar, kanban, views, CRM and deals routes', async () => {
    const w = await crmWorkspace(server);
    const { userId } = w;
    const when = { start: '2026-11-21T09:00:00.000Z', end: '2026-11-21T10:00:00+01:00' };

    // What the bodies refer to; the destructive cases each get their own.
    const newEvent = async () =>
      (await w.ok('POST', '/meetings/events/new', { title: 'Call', ...when })).id as string;
    const newColumn = async () =>
      (await w.ok('POST', '/api/kanban/columns/new', { name: 'Todo' })).id as string;
    const newCard = async (columnId: string) =>
      (await w.ok('POST', '/api/kanban/cards/new', { columnId, card: { name: 'Card' } }))
        .id as string;
    const newPerson = async () =>
      (await w.ok('POST', '/api/people', { lastName: 'Doe', email: uniqueEmail('p') }))
        .id as string;
    const eventId = await newEvent();
    const columnId = await newColumn();
    const cardId = await newCard(columnId);
    const personId = await newPerson();
    const duplicateId = await newPerson();
    const companyId = (await w.ok('POST', '/api/companies', { name: 'Acme' })).id as string;
    const peopleList = (await w.ok('POST', '/api/lists', { name: 'L', kind: 'people' }))
      .id as string;
    const companyList = (await w.ok('POST', '/api/lists', { name: 'C', kind: 'companies' }))
      .id as string;
    const viewId = (await w.ok('POST', '/api/views', { name: 'V', entity: 'people' })).id as string;
    const noteId = (await w.ok('POST', `/api/people/${personId}/notes`, { body: 'Hi' }))
      .id as string;
    const uploaded = await fetch(
      `${server.url}/api/imports?${query({ entity: 'people', fileName: 'p.csv' })}`,
      {
        method: 'POST',
        headers: { ...authed(w.admin.token), 'content-type': 'text/csv' },
        body: 'first,last\nAda,Lovelace\n',
      },
    );
    expect(uploaded.status).toBe(201);
    const importId = ((await uploaded.json()) as { id: string }).id;
    const attachment = await w.ok('POST', '/api/kanban/cards/attachments/attach', {
      cardId,
      uploadIds: [await uploadFile(server, w.admin.token, 'a.txt', 'hello')],
    });
    const attachmentId = (attachment as { attachments: { id: string }[] }).attachments[0]!.id;
    /** A file of the files manager, for an area to take a copy of. */
    const fileItem = async (name: string) => {
      const made = await fetch(`${server.url}/api/files/upload?${query({ name })}`, {
        method: 'POST',
        headers: { ...authed(w.admin.token), 'content-type': 'application/octet-stream' },
        body: 'hello',
      });
      expect(made.status).toBe(201);
      return ((await made.json()) as { item: { id: string } }).item.id;
    };

    const event = {
      title: 'Demo',
      description: 'About it',
      color: '#00A76F',
      allDay: false,
      ...when,
      location: 'Room 1',
      attendeeIds: [userId],
    };
    const card = {
      name: 'Card',
      description: 'Text',
      priority: 'high',
      dueAt: '2026-12-01T17:00:00+02:00',
      labels: ['urgent'],
      assigneeIds: [userId],
      checklist: [{ id: 'c1', text: 'Step', done: false }],
    };
    const range = { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00+01:00' };
    const filters = (textField: string) => [
      { field: textField, op: 'contains', value: 'zz-none' },
      { field: 'tags', op: 'has_any', value: ['zz-none'] },
      { field: 'createdAt', op: 'between', value: range },
    ];
    const view = {
      name: 'Mine',
      shared: true,
      q: 'zz',
      filters: filters('lastName'),
      sort: 'lastName',
      columns: ['lastName'],
    };
    // The version each record is at, for the changes that name it (expectedUpdatedAt).
    const versionOf = async (path: string, key: 'person' | 'company') =>
      ((await w.ok('GET', path)) as Record<string, { updatedAt: string }>)[key]!.updatedAt;
    const personVersion = await versionOf(`/api/people/${personId}`, 'person');
    const companyVersion = await versionOf(`/api/companies/${companyId}`, 'company');
    const person = {
      allowDuplicate: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail('ada'),
      additionalEmails: [uniqueEmail('ada2')],
      phones: ['+33 1 23 45 67 89'],
      jobTitle: 'Engineer',
      seniority: 'senior',
      department: 'R&D',
      companyId,
      city: 'London',
      region: 'England',
      country: 'UK',
      timeZone: 'Europe/London',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      ownerId: userId,
      stage: 'replied',
      tags: ['vip'],
      source: 'manual',
      consent: { status: 'granted', method: 'form', note: 'Signed up' },
    };
    const company = {
      name: 'Initech',
      domain: 'initech.example',
      industry: 'Software',
      size: '11-50',
      revenueRange: '1M-10M',
      city: 'Austin',
      region: 'TX',
      country: 'US',
      description: 'Printers',
      linkedinUrl: 'https://www.linkedin.com/company/initech',
      ownerId: userId,
      tags: ['prospect'],
    };
    // Deals and pipelines (issue 9).
    type Stages = { id: string; stages: { id: string; name: string }[] };
    const pipeline = ((await w.ok('GET', '/api/pipelines')) as { items: Stages[] }).items[0]!;
    const stageOf = (name: string) => pipeline.stages.find((s) => s.name === name)!.id;
    const deal = {
      name: 'Renewal',
      pipelineId: pipeline.id,
      stageId: stageOf('Proposal'),
      amount: 125_000,
      currency: 'EUR',
      expectedCloseDate: '2026-12-31',
      ownerId: userId,
      companyId,
      people: [{ personId, role: 'champion' }],
      source: 'web',
      tags: ['q4'],
      lostReason: '',
      nextStep: 'Call back',
    };
    const newDeal = async (fields: Record<string, unknown> = {}) =>
      (await w.ok('POST', '/api/deals', { name: 'Fuzzed', ...fields })).id as string;
    const dealId = await newDeal();
    const mover = await newDeal();
    const anchor = await newDeal({ stageId: stageOf('Negotiation') });
    const dealVersion = async (id: string) =>
      ((await w.ok('GET', `/api/deals/${id}`)) as { deal: { updatedAt: string } }).deal.updatedAt;
    const dealsList = (await w.ok('POST', '/api/lists', { name: 'D', kind: 'deals' })).id as string;
    const ownPipeline = (await w.ok('POST', '/api/pipelines', { name: 'Fuzz' })) as Stages;
    const stageCase = {
      name: 'Demo done',
      probability: 30,
      kind: 'open',
      rotDays: 9,
      index: 1,
    };
    const dealCases = [
      { method: 'POST', route: '/api/deals', path: '', bodies: [deal] },
      {
        method: 'PATCH',
        route: '/api/deals/:id',
        path: `/api/deals/${dealId}`,
        bodies: [
          { nextStep: 'Send it', expectedUpdatedAt: await dealVersion(dealId) },
          { ...deal, stageId: stageOf('Negotiation') },
        ],
      },
      {
        method: 'POST',
        route: '/api/deals/:id/move',
        path: `/api/deals/${mover}/move`,
        bodies: [
          {
            stageId: stageOf('Negotiation'),
            afterId: anchor,
            lostReason: 'Not lost',
            expectedUpdatedAt: await dealVersion(mover),
          },
          { stageId: stageOf('Negotiation'), beforeId: anchor },
        ],
      },
      {
        method: 'POST',
        route: '/api/deals/:id/notes',
        path: `/api/deals/${dealId}/notes`,
        bodies: [{ body: 'Hello' }],
      },
      {
        method: 'POST',
        route: '/api/deals/bulk',
        path: '',
        bodies: [
          { selection: { ids: [dealId] }, action: { type: 'add_tag', tag: 'bulk' } },
          {
            selection: { filter: { q: 'zz-none', filters: filters('name') } },
            action: { type: 'add_to_list', listId: dealsList },
          },
          { selection: { ids: [dealId] }, action: { type: 'set_owner', ownerId: userId } },
          {
            selection: { ids: [dealId] },
            action: { type: 'set_stage', stageId: stageOf('Lost'), lostReason: 'Budget' },
          },
        ],
      },
      {
        method: 'POST',
        route: '/api/pipelines',
        path: '',
        bodies: [
          {
            name: 'Partners',
            stages: [
              { name: 'Talking', probability: 20, kind: 'open', rotDays: 10 },
              { name: 'Signed', probability: 100, kind: 'won', rotDays: null },
            ],
          },
        ],
      },
      {
        method: 'PATCH',
        route: '/api/pipelines/:id',
        path: `/api/pipelines/${ownPipeline.id}`,
        bodies: [{ name: 'Fuzzed', isDefault: true, index: 0 }],
      },
      {
        method: 'POST',
        route: '/api/pipelines/:id/stages',
        path: `/api/pipelines/${ownPipeline.id}/stages`,
        bodies: [stageCase],
      },
      {
        method: 'PATCH',
        route: '/api/pipelines/:id/stages/:stageId',
        path: `/api/pipelines/${ownPipeline.id}/stages/${ownPipeline.stages[0]!.id}`,
        bodies: [{ ...stageCase, name: 'Qualified', index: 2 }],
      },
    ];
    const selections = (textField: string, ids: string[]) => [
      { ids },
      { filter: { q: 'zz-none', filters: filters(textField) } },
    ];

    // The team's calls (issue 10): a member to remove, an invitation to accept.
    const leaver = await addMember(server, w.admin.token, 'viewer');
    const inviteeEmail = uniqueEmail('fuzzed');
    await w.ok('POST', '/api/invitations', { email: inviteeEmail, role: 'viewer' });
    const [invitationMail] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, inviteeEmail));
    const invitationToken = decodeURIComponent(/token=([\w%-]+)/.exec(invitationMail!.text)![1]!);
    const teamCases = [
      {
        method: 'PATCH',
        route: '/api/members/me',
        path: '',
        bodies: [{ firstName: 'Ada', lastName: 'Admin', title: 'Lead', about: 'About me' }],
      },
      {
        method: 'PATCH',
        route: '/api/members/:id',
        path: `/api/members/${userId}`,
        bodies: [{ role: 'admin', status: 'active', recordVisibility: 'all' }],
      },
      {
        method: 'POST',
        route: '/api/members/bulk/role',
        path: '',
        bodies: [{ ids: [userId], role: 'admin' }],
      },
      {
        method: 'POST',
        route: '/api/invitations',
        path: '',
        bodies: [{ email: uniqueEmail('invited'), role: 'contributor' }],
      },
      {
        method: 'POST',
        route: '/api/members/:id/remove',
        path: `/api/members/${leaver.id}/remove`,
        bodies: [{ takeoverId: userId }],
      },
      {
        method: 'POST',
        route: '/api/invitations/accept',
        path: '',
        bodies: [
          {
            token: invitationToken,
            first_name: 'Ines',
            last_name: 'Invited',
            password: 'a long enough password',
          },
        ],
      },
    ];

    type Case = { method: string; route: string; path: string; bodies: unknown[] };
    // Chat (issue 10): a colleague, a direct conversation and a group, an upload to attach.
    const colleague = await addMember(server, w.admin.token, 'contributor');
    const startChat = async (group: boolean) =>
      (
        (
          await w.ok('POST', '/api/chat/conversation/new', {
            participantIds: [colleague.id],
            group,
          })
        ).conversation as { id: string }
      ).id;
    const chatId = await startChat(false);
    const chatUpload = await w.ok('POST', '/api/chat/attachments/attach', {
      conversationId: chatId,
      uploadIds: [await uploadFile(server, w.admin.token, 'a.txt', 'hello')],
    });
    const chatAttachmentId = (chatUpload as { attachments: { id: string }[] }).attachments[0]!.id;
    const chatMessageId = (
      (await w.ok('POST', '/api/chat/messages/new', { conversationId: chatId, body: 'Hi' }))
        .message as { id: string }
    ).id;
    const chatCases: Case[] = [
      {
        method: 'POST',
        route: '/api/chat/conversation/new',
        path: '',
        bodies: [{ participantIds: [colleague.id], group: true, name: 'Room' }],
      },
      {
        method: 'POST',
        route: '/api/chat/messages/new',
        path: '',
        bodies: [
          {
            conversationId: chatId,
            body: 'Hello @Colleague',
            attachmentIds: [chatAttachmentId],
            mentionIds: [colleague.id],
            clientId: randomUUID(),
          },
        ],
      },
      {
        method: 'POST',
        route: '/api/chat/messages/update',
        path: '',
        bodies: [{ messageId: chatMessageId, body: 'Changed' }],
      },
      { method: 'POST', route: '/api/chat/typing', path: '', bodies: [{ conversationId: chatId }] },
      {
        method: 'POST',
        route: '/api/chat/attachments/attach',
        path: '',
        bodies: [
          {
            conversationId: chatId,
            uploadIds: [await uploadFile(server, w.admin.token, 'b.txt', 'hello')],
            fileIds: [await fileItem('c.txt')],
          },
        ],
      },
      {
        method: 'POST',
        route: '/api/chat/messages/delete',
        path: '',
        bodies: [{ messageId: chatMessageId }],
      },
      {
        method: 'POST',
        route: '/api/chat/conversation/leave',
        path: '',
        bodies: [{ conversationId: await startChat(true) }],
      },
    ];
    const cases: Case[] = [
      ...dealCases,
      ...teamCases,
      ...chatCases,
      { method: 'POST', route: '/meetings/events/new', path: '', bodies: [event] },
      { method: 'POST', route: '/meetings/events/update', path: '', bodies: [{ eventId, event }] },
      { method: 'POST', route: '/api/kanban/columns/new', path: '', bodies: [{ name: 'Doing' }] },
      {
        method: 'POST',
        route: '/api/kanban/columns/update',
        path: '',
        bodies: [{ columnId, column: { name: 'Done' } }],
      },
      {
        method: 'POST',
        route: '/api/kanban/columns/move',
        path: '',
        bodies: [{ columnId, index: 0 }],
      },
      { method: 'POST', route: '/api/kanban/cards/new', path: '', bodies: [{ columnId, card }] },
      { method: 'POST', route: '/api/kanban/cards/update', path: '', bodies: [{ cardId, card }] },
      {
        method: 'POST',
        route: '/api/kanban/cards/attachments/attach',
        path: '',
        bodies: [
          {
            cardId,
            uploadIds: [await uploadFile(server, w.admin.token, 'd.txt', 'hello')],
            fileIds: [await fileItem('e.txt')],
          },
        ],
      },
      {
        method: 'POST',
        route: '/api/kanban/cards/move',
        path: '',
        bodies: [{ cardId, columnId, index: 0 }],
      },
      {
        method: 'POST',
        route: '/api/kanban/cards/comments/new',
        path: '',
        bodies: [{ cardId, body: 'Looks good' }],
      },
      {
        method: 'POST',
        route: '/api/views',
        path: '',
        bodies: [{ ...view, entity: 'people' }],
      },
      { method: 'PATCH', route: '/api/views/:id', path: `/api/views/${viewId}`, bodies: [view] },
      { method: 'POST', route: '/api/people', path: '', bodies: [person] },
      {
        method: 'PATCH',
        route: '/api/people/:id',
        path: `/api/people/${personId}`,
        // The one made on the version read goes first: the next change moves the version on.
        bodies: [
          { jobTitle: 'CTO', expectedUpdatedAt: personVersion },
          { ...person, email: uniqueEmail('ada') },
        ],
      },
      {
        method: 'POST',
        route: '/api/people/bulk',
        path: '',
        bodies: [
          ...selections('lastName', [personId]).map((selection) => ({
            selection,
            action: { type: 'add_tag', tag: 'bulk' },
          })),
          { selection: { ids: [personId] }, action: { type: 'add_to_list', listId: peopleList } },
          { selection: { ids: [personId] }, action: { type: 'set_owner', ownerId: userId } },
          { selection: { ids: [personId] }, action: { type: 'set_stage', stage: 'interested' } },
        ],
      },
      { method: 'POST', route: '/api/companies', path: '', bodies: [company] },
      {
        method: 'PATCH',
        route: '/api/companies/:id',
        path: `/api/companies/${companyId}`,
        bodies: [
          { industry: 'Software', expectedUpdatedAt: companyVersion },
          { ...company, domain: 'initrode.example' },
        ],
      },
      {
        method: 'POST',
        route: '/api/companies/bulk',
        path: '',
        bodies: [
          ...selections('name', [companyId]).map((selection) => ({
            selection,
            action: { type: 'add_tag', tag: 'bulk' },
          })),
          {
            selection: { ids: [companyId] },
            action: { type: 'remove_from_list', listId: companyList },
          },
          { selection: { ids: [companyId] }, action: { type: 'set_owner', ownerId: userId } },
        ],
      },
      {
        method: 'POST',
        route: '/api/lists',
        path: '',
        bodies: [{ name: 'N', kind: 'people', description: 'Text' }],
      },
      {
        method: 'PATCH',
        route: '/api/lists/:id',
        path: `/api/lists/${peopleList}`,
        bodies: [{ name: 'Renamed', description: 'Text' }],
      },
      ...['/api/lists/:id/items', '/api/lists/:id/items/remove'].map((route) => ({
        method: 'POST',
        route,
        path: route.replace(':id', peopleList),
        bodies: selections('lastName', [personId]).map((selection) => ({ selection })),
      })),
      {
        method: 'POST',
        route: '/api/people/:id/notes',
        path: `/api/people/${personId}/notes`,
        bodies: [{ body: 'Met at the fair' }],
      },
      {
        method: 'POST',
        route: '/api/companies/:id/notes',
        path: `/api/companies/${companyId}/notes`,
        bodies: [{ body: 'Big account' }],
      },
      {
        method: 'PATCH',
        route: '/api/notes/:id',
        path: `/api/notes/${noteId}`,
        bodies: [{ body: 'Edited' }],
      },
      {
        method: 'POST',
        route: '/api/imports/:id/start',
        path: `/api/imports/${importId}/start`,
        bodies: [
          {
            mapping: { first: 'firstName', last: 'lastName' },
            duplicateMode: 'skip',
            listId: peopleList,
          },
        ],
      },
      // Destructive calls last, each on its own target.
      {
        method: 'POST',
        route: '/api/people/merge',
        path: '',
        bodies: [{ primaryId: personId, duplicateIds: [duplicateId] }],
      },
      {
        method: 'POST',
        route: '/api/kanban/cards/attachments/delete',
        path: '',
        bodies: [{ attachmentId }],
      },
      {
        method: 'POST',
        route: '/api/kanban/cards/delete',
        path: '',
        bodies: [{ cardId: await newCard(columnId) }],
      },
      {
        method: 'POST',
        route: '/api/kanban/columns/clear',
        path: '',
        bodies: [{ columnId: await newColumn() }],
      },
      {
        method: 'POST',
        route: '/api/kanban/columns/delete',
        path: '',
        bodies: [{ columnId: await newColumn() }],
      },
      {
        method: 'POST',
        route: '/meetings/events/delete',
        path: '',
        bodies: [{ eventId: await newEvent() }],
      },
    ];

    // Every JSON body route under the fuzzed prefixes has a case, and the case's bodies fill
    // every field its schema has (so a field added later is fuzzed too).
    const bodyRoutes = server.routes.filter(
      (r) => r.schema?.body && FUZZED_PREFIXES.some((p) => r.url.startsWith(p)),
    );
    const covered = new Set(cases.map((c) => `${c.method} ${c.route}`));
    expect(
      bodyRoutes.map((r) => `${String(r.method)} ${r.url}`).filter((k) => !covered.has(k)),
    ).toEqual([]);

    const failures: string[] = [];
    let sent = 0;
    for (const c of cases) {
      const route = bodyRoutes.find((r) => r.url === c.route && r.method === c.method);
      expect(route, `${c.method} ${c.route}`).toBeDefined();
      const jsonSchema = z.toJSONSchema(route!.schema!.body as z.ZodType, {
        io: 'input',
        unrepresentable: 'any',
      }) as JsonSchema;
      const leaves = schemaLeaves(jsonSchema, jsonSchema);
      const filled = c.bodies.flatMap((body) => valueLeaves(body).map((l) => shape(l.path)));
      const unfilled = [...leaves.keys()].filter((p) => !filled.some((f) => matches(p, f)));
      expect(unfilled, `${c.method} ${c.route} leaves no field unfuzzed`).toEqual([]);

      const path = c.path || c.route;
      for (const body of c.bodies) {
        const mutations: { body: unknown; label: string }[] = [];
        for (const leaf of valueLeaves(body)) {
          if (typeof leaf.value !== 'string') continue;
          const where = shape(leaf.path);
          const isInstant = [...leaves].some(([p, date]) => date && matches(p, where));
          for (const bad of [...LONE_SURROGATES, ...(isInstant ? BAD_INSTANTS : [])]) {
            mutations.push({
              body: withValue(body, leaf.path, bad),
              label: `${where} = ${JSON.stringify(bad)}`,
            });
          }
        }
        for (const at of objectPaths(body)) {
          const node = { ...(valueAt(body, at) as object), '\ud800': 'x' };
          mutations.push({
            body: at.length === 0 ? node : withValue(body, at, node),
            label: `key "\\ud800" in ${shape(at) || 'the body'}`,
          });
        }
        for (const m of mutations) {
          const response = await w.call(c.method, path, m.body);
          sent += 1;
          if (response.status !== 400 || !response.body?.errors) {
            failures.push(
              `${c.method} ${path} ${m.label}: ${response.status} ${response.text.slice(0, 200)}`,
            );
          }
        }
        const response = await w.call(c.method, path, body);
        if (response.status >= 300) {
          failures.push(`${c.method} ${path} (valid body): ${response.status} ${response.text}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  });
});

describe('bad date-times in query strings and filters answer 400', () => {
  it('refuses them in GET /meetings/events?start&end', async () => {
    const w = await crmWorkspace(server);
    const good = '2026-11-01T00:00:00Z';
    for (const bad of BAD_INSTANTS) {
      for (const params of [
        { start: bad, end: good },
        { start: good, end: bad },
      ]) {
        expectBadInput(await w.call('GET', `/meetings/events?${query(params)}`), bad);
      }
    }
  });

  it('refuses them in a between filter on every date field of people, companies and deals', async () => {
    const w = await crmWorkspace(server);
    const personId = (await w.ok('POST', '/api/people', { lastName: 'Doe' })).id as string;
    const list = (await w.ok('POST', '/api/lists', { name: 'L', kind: 'people' })).id as string;
    let checked = 0;
    for (const [entity, kinds] of [
      ['people', personFieldKinds],
      ['companies', companyFieldKinds],
      ['deals', dealFieldKinds],
    ] as const) {
      const dateFields = Object.entries(kinds)
        .filter(([, kind]) => kind === 'date')
        .map(([field]) => field);
      expect(dateFields.length).toBeGreaterThanOrEqual(3);
      for (const field of dateFields) {
        for (const bad of BAD_INSTANTS) {
          for (const value of [
            { from: bad },
            { to: bad },
            { from: '2020-01-01T00:00:00Z', to: bad },
          ]) {
            const filters = [{ field, op: 'between', value }];
            const what = `${entity} ${field} ${JSON.stringify(value)}`;
            for (const path of [
              `/api/${entity}`,
              `/api/${entity}/count`,
              `/api/${entity}/export.csv`,
            ]) {
              expectBadInput(
                await w.call('GET', `${path}?${query({ filters })}`),
                `${path} ${what}`,
              );
            }
            const selection = { filter: { filters } };
            expectBadInput(
              await w.call('POST', `/api/${entity}/bulk`, {
                selection,
                action: { type: 'add_tag', tag: 'x' },
              }),
              `bulk ${what}`,
            );
            expectBadInput(
              await w.call('POST', '/api/views', { name: 'v', entity, filters }),
              `view ${what}`,
            );
            if (entity === 'people') {
              expectBadInput(
                await w.call('POST', `/api/lists/${list}/items`, { selection }),
                `list items ${what}`,
              );
            }
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe((4 + 3 + 6) * BAD_INSTANTS.length * 3);
    // The edges themselves are fine.
    const edges = [
      {
        field: 'createdAt',
        op: 'between',
        value: { from: '0100-01-01T00:00:00Z', to: '9999-12-31T23:59:59.999Z' },
      },
    ];
    const page = await w.ok('GET', `/api/people?${query({ filters: edges })}`);
    expect((page.items as { id: string }[]).map((p) => p.id)).toEqual([personId]);
  });

  it('takes the first and last storable instants and answers them back unchanged', async () => {
    const w = await crmWorkspace(server);
    const first = '0100-01-01T00:00:00.000Z';
    const last = '9999-12-31T23:59:59.999Z';
    const event = await w.ok('POST', '/meetings/events/new', {
      title: 'Edges',
      start: first,
      end: last,
    });
    expect([event.start, event.end]).toEqual([first, last]);
    const offset = await w.ok('POST', '/meetings/events/new', {
      title: 'Far east',
      start: '2026-01-01T15:59:00+15:59',
      end: '2026-01-01T00:00:00-15:59',
    });
    expect([offset.start, offset.end]).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T15:59:00.000Z',
    ]);
    const columnId = (await w.ok('POST', '/api/kanban/columns/new', { name: 'C' })).id as string;
    for (const dueAt of [first, last]) {
      const card = await w.ok('POST', '/api/kanban/cards/new', {
        columnId,
        card: { name: 'Due', dueAt },
      });
      expect(card.dueAt).toBe(dueAt);
    }
  });
});

function valueAt(body: unknown, path: (string | number)[]): unknown {
  let node = body as Record<string | number, unknown>;
  for (const key of path) node = node[key] as Record<string | number, unknown>;
  return node;
}

// ---------------------------------------------------------------------------------------------
// Tasks, notifications and home, fuzzed from the OpenAPI document: every operation under these
// prefixes, every query parameter, path parameter and body field it documents. Written against
// the HTTP API only, so it holds whatever way the routes are registered.

const OPENAPI_FUZZED = [
  '/api/tasks',
  '/api/notifications',
  '/api/home',
  // The panels (issue 10).
  '/api/workspace',
  '/api/audit',
  '/api/templates',
  '/api/tags',
  // The account (issue 10).
  '/api/account',
];
/** Operations whose body is not JSON: their bad bodies are tested in their own files. */
const OPENAPI_NOT_JSON = new Set([
  // The logo is the body as bytes (modules/workspace/workspace.test.ts).
  'PUT /api/workspace/logo',
]);

/** A query value sent as is (an escape a client cannot make with encodeURIComponent). */
type Raw = { raw: string };
type QueryValue = string | Raw;

/** Values wrong in type, size or form for any query parameter or path id. */
const BAD_QUERY_VALUES: QueryValue[] = [
  '',
  ' ',
  'x',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{"a":1}',
  '9'.repeat(400),
  'a'.repeat(5000),
  '\u0000',
  '%',
  '../../etc/passwd',
  ...BAD_INSTANTS,
  '2026-02-30',
  'Not/AZone',
  'Etc/GMT+99',
  randomUUID(),
  Buffer.from('{"v":"x","id":"y"}').toString('base64url'),
  Buffer.from('{"v":[1e309],"id":null}').toString('base64url'),
  Buffer.from('garbage').toString('base64url'),
  // Not UTF-8 once unescaped: a lone surrogate, a cut sequence, an over-long form.
  { raw: '%ED%A0%80' },
  { raw: '%E0%A4%A' },
  { raw: '%C0%AF' },
  { raw: '%FF' },
];

/** Values wrong in type or size for any JSON body field. */
const BAD_BODY_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  '',
  'a'.repeat(20_000),
  [],
  {},
  ['x'],
  { a: 1 },
  'Not/AZone',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  ...LONE_SURROGATES,
];

/** A valid value turned into near misses: what a client that mangles a cursor or id sends. */
const nearMisses = (valid: string): string[] =>
  valid.length < 2
    ? []
    : [`${valid}x`, valid.slice(0, Math.ceil(valid.length / 2)), valid.toUpperCase(), `-${valid}`];

const encode = (value: QueryValue) =>
  typeof value === 'string'
    ? encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'))
    : value.raw;
const queryString = (entries: [string, QueryValue][]) =>
  entries.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&');

type OpenApiParameter = { name: string; in: 'query' | 'path' | 'header'; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** A case: the valid calls of one operation, each path, query and body filled. */
type ApiCase = {
  /** The path parameters, one set per call. */
  params?: Record<string, string>;
  /** Valid query strings: together they fill every documented query parameter. */
  queries?: Record<string, string>[];
  /** Valid bodies (made fresh before each call: a version, a new target): together they fill every field. */
  bodies?: (() => Promise<unknown>)[];
};

/** The cases of the panels' routes (issue 10): a logo, an audit page, a template and tags in use. */
async function panelCases(
  w: Awaited<ReturnType<typeof crmWorkspace>>,
  userId: string,
): Promise<Record<string, ApiCase>> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const logo = await fetch(`${server.url}/api/workspace/logo`, {
    method: 'PUT',
    headers: { ...authed(w.admin.token), 'content-type': 'application/octet-stream' },
    body: png,
  });
  expect(logo.status).toBe(200);
  await w.ok('POST', '/api/people', { lastName: 'Tagged', tags: ['alpha', 'beta'] });
  for (let i = 0; i < 3; i += 1) await w.ok('PATCH', '/api/workspace', { name: `Renamed ${i}` });
  const audit = (await w.ok('GET', '/api/audit?limit=1')) as { nextCursor: string };
  expect(audit.nextCursor).toEqual(expect.any(String));
  const snippet = (await w.ok('POST', '/api/templates', {
    kind: 'snippet',
    name: 'Sign-off',
    body: 'Best, {{senderFirstName}}',
  })) as { id: string };
  const doomed = (await w.ok('POST', '/api/templates', {
    kind: 'snippet',
    name: 'Doomed',
    body: 'Bye',
  })) as { id: string };
  let n = 0;
  const auditQuery = {
    kind: 'workspace.settings_changed',
    actorId: userId,
    from: '2020-01-01T00:00:00Z',
    to: '2100-01-01T00:00:00Z',
  };
  return {
    'GET /api/workspace': {},
    'PATCH /api/workspace': {
      bodies: [
        async () => ({
          name: 'Fuzzed',
          defaultCurrency: 'USD',
          timeZone: 'Asia/Tokyo',
          emailTracking: false,
        }),
      ],
    },
    'GET /api/workspace/logo': { queries: [{ v: 'abc' }] },
    'DELETE /api/workspace/logo': {},
    'GET /api/audit': {
      queries: [
        { ...auditQuery, limit: '10' },
        { limit: '1', cursor: audit.nextCursor },
      ],
    },
    'GET /api/audit/export.csv': { queries: [auditQuery] },
    'GET /api/audit/exports': {},
    'GET /api/templates': { queries: [{ kind: 'template' }] },
    'POST /api/templates': {
      bodies: [
        async () => ({
          kind: 'template',
          name: `Fuzzed ${(n += 1)}`,
          subject: 'Hello {{firstName}}',
          body: 'Dear {{fullName}}',
        }),
      ],
    },
    'PATCH /api/templates/{id}': {
      params: { id: snippet.id },
      bodies: [async () => ({ name: 'Sign-off', subject: '', body: 'Cheers' })],
    },
    'DELETE /api/templates/{id}': { params: { id: doomed.id } },
    'GET /api/tags': {},
    'POST /api/tags/rename': { bodies: [async () => ({ from: 'alpha', to: 'gamma' })] },
    'POST /api/tags/merge': { bodies: [async () => ({ from: ['beta'], into: 'delta' })] },
    'POST /api/tags/delete': { bodies: [async () => ({ tag: 'gamma' })] },
  };
}

describe('tasks, notifications and home: every parameter and field, from the OpenAPI document', () => {
  // About 3,000 calls: minutes on a loaded machine.
  it('never answers a 500: bad values answer {detail, code} with 400 or 404', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const w = await crmWorkspace(server);
    const { userId } = w;
    const personId = (await w.ok('POST', '/api/people', { lastName: 'Doe' })).id as string;
    const companyId = (await w.ok('POST', '/api/companies', { name: 'Acme' })).id as string;
    const dealId = (await w.ok('POST', '/api/deals', { name: 'Renewal' })).id as string;
    const newTask = async (fields: Record<string, unknown> = {}) =>
      (
        await w.ok('POST', '/api/tasks', {
          title: 'Fuzzed',
          dueAt: new Date().toISOString(),
          ...fields,
        })
      ).id as string;
    const taskId = await newTask({ personId });
    await newTask();
    await newTask();
    const version = async (id: string) =>
      ((await w.ok('GET', `/api/tasks/${id}`)) as { updatedAt: string }).updatedAt;
    const page = (await w.ok('GET', '/api/tasks?limit=1&sort=dueAt')) as { nextCursor: string };
    expect(page.nextCursor).toEqual(expect.any(String));
    // A task's notes and timeline (the records registry's): two entries, so a timeline cursor.
    await w.ok('POST', `/api/tasks/${taskId}/notes`, { body: 'First note' });
    const timeline = (await w.ok('GET', `/api/tasks/${taskId}/activity?limit=1`)) as {
      nextCursor: string;
    };
    expect(timeline.nextCursor).toEqual(expect.any(String));

    // Notifications of the caller's: each task of theirs that comes due raises one (the job polls).
    for (const title of ['Due now', 'Due too']) {
      await newTask({ title, dueAt: new Date(Date.now() + 500).toISOString() });
    }
    let notificationId = '';
    let notificationCursor = '';
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (let i = 0; i < 150 && !notificationCursor; i += 1) {
      if (i % 20 === 0) await enqueueJob(server.database.db, DUE_TASKS_JOB, {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      const list = (await w.ok('GET', '/api/notifications?limit=1')) as {
        items: { id: string }[];
        nextCursor: string | null;
      };
      notificationId = list.items[0]?.id ?? '';
      notificationCursor = list.nextCursor ?? '';
    }
    expect(notificationCursor, 'two notifications came').not.toBe('');

    const task = {
      title: 'Call Ada',
      type: 'call',
      dueAt: '2026-12-01T17:00:00+02:00',
      priority: 'high',
      assigneeId: userId,
      personId,
      companyId,
      dealId,
      notes: 'About the renewal',
    };
    const taskQuery = {
      mine: 'true',
      assignee: userId,
      due: 'today',
      type: 'call',
      status: 'open',
      priority: 'high',
      person: personId,
      company: companyId,
      deal: dealId,
      q: 'call',
      filters: JSON.stringify([{ field: 'dueState', op: 'in', value: ['today', 'overdue'] }]),
      sort: 'dueAt',
      limit: '10',
    };
    const taskQueries = [taskQuery, { sort: 'dueAt', limit: '1', cursor: page.nextCursor }];
    const bulk = (action: Record<string, unknown>) => async () => ({
      ids: [await newTask()],
      action,
    });
    const cases: Record<string, ApiCase> = {
      'GET /api/tasks': { queries: taskQueries },
      'GET /api/tasks/count': { queries: taskQueries },
      'GET /api/tasks/counts': { queries: taskQueries },
      'GET /api/tasks/time-zone': {},
      'GET /api/tasks/time-zones': {},
      'PUT /api/tasks/time-zone': { bodies: [async () => ({ timeZone: 'Europe/Paris' })] },
      'POST /api/tasks': { bodies: [async () => task] },
      'POST /api/tasks/bulk': {
        bodies: [
          bulk({ type: 'complete' }),
          bulk({ type: 'reopen' }),
          bulk({ type: 'skip' }),
          bulk({ type: 'reassign', assigneeId: userId }),
          bulk({ type: 'reschedule', dueAt: '2026-12-02T09:00:00Z' }),
          bulk({ type: 'delete' }),
          async () => {
            // The same tasks by filter (every field of the list's query but sort and paging).
            const { sort: _sort, limit: _limit, ...filter } = taskQuery;
            return { filter, action: { type: 'complete' } };
          },
          // The records engine's selection: ids, or a search and conditions of every shape.
          async () => ({ selection: { ids: [await newTask()] }, action: { type: 'skip' } }),
          async () => ({
            selection: {
              filter: {
                q: 'fuzzed',
                filters: [
                  { field: 'type', op: 'equals', value: 'todo' },
                  { field: 'dueState', op: 'in', value: ['today', 'overdue'] },
                  {
                    field: 'createdAt',
                    op: 'between',
                    value: { from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' },
                  },
                ],
              },
            },
            action: { type: 'reopen' },
          }),
        ],
      },
      'GET /api/tasks/export.csv': {
        queries: [
          {
            q: 'call',
            filters: taskQuery.filters,
            sort: '-dueAt',
            columns: 'title,dueAt,dueState,assigneeEmail,id',
          },
        ],
      },
      'GET /api/tasks/{id}/activity': {
        params: { id: taskId },
        queries: [{ limit: '1', cursor: timeline.nextCursor }],
      },
      'POST /api/tasks/{id}/notes': {
        params: { id: taskId },
        bodies: [async () => ({ body: 'Called, left a message' })],
      },
      'GET /api/tasks/{id}': { params: { id: taskId } },
      'PATCH /api/tasks/{id}': {
        params: { id: taskId },
        bodies: [
          async () => ({ ...task, status: 'open', expectedUpdatedAt: await version(taskId) }),
        ],
      },
      'DELETE /api/tasks/{id}': {},
      'GET /api/notifications': {
        queries: [{ unread: 'true', limit: '1', cursor: notificationCursor }],
      },
      'GET /api/notifications/unread': {},
      'POST /api/notifications/read-all': {},
      'POST /api/notifications/{id}/read': { params: { id: notificationId } },
      ...Object.fromEntries(
        ['tasks', 'week', 'meetings', 'closing'].map((card) => [
          `GET /api/home/${card}`,
          { queries: [{ tz: 'Asia/Tokyo' }] },
        ]),
      ),
      'GET /api/home/pipeline': {},
      'GET /api/home/activity': {},
      ...(await panelCases(w, userId)),
      // Account (issue 10). The valid calls run in this order and leave the caller signed in:
      // the password is changed to itself, two-factor sign-in is turned on, then off again.
      'GET /api/account': {},
      'PATCH /api/account': {
        bodies: [
          async () => ({
            firstName: 'Ada',
            lastName: 'Fuzz',
            phone: '+33 6 12 34 56 78',
            timeZone: 'Europe/Paris',
            language: 'fr',
            emailSignature: 'Best,\nAda',
          }),
        ],
      },
      'POST /api/account/password': {
        bodies: [
          async () => {
            // A fuzzed new password can be a valid one: put the caller's back before each call.
            await server.database.db
              .update(users)
              .set({ passwordHash: await hashPassword(w.admin.password) })
              .where(eq(users.id, userId));
            return { currentPassword: w.admin.password, newPassword: w.admin.password };
          },
        ],
      },
      'GET /api/account/sessions': {},
      // Nobody's session: a near miss of a real one could end the caller's own.
      'DELETE /api/account/sessions/{id}': { params: { id: randomUUID() } },
      'POST /api/account/sessions/revoke-others': {},
      'POST /api/account/two-factor/setup': {},
      'POST /api/account/two-factor/enable': {
        bodies: [
          async () => {
            const setup = (await w.ok('POST', '/api/account/two-factor/setup')) as {
              secret: string;
            };
            return { code: totpCode(setup.secret) };
          },
        ],
      },
      'POST /api/account/two-factor/recovery-codes': {
        bodies: [async () => ({ password: w.admin.password })],
      },
      'POST /api/account/two-factor/disable': {
        bodies: [async () => ({ password: w.admin.password })],
      },
      'GET /api/account/notifications': {},
      'PUT /api/account/notifications': {
        bodies: [async () => ({ items: [{ kind: 'task_due', inApp: true, email: false }] })],
      },
      'POST /api/account/email': {
        bodies: [async () => ({ email: uniqueEmail('fuzz'), password: w.admin.password })],
      },
      'POST /api/account/email/confirm': {
        bodies: [
          async () => {
            const email = uniqueEmail('fuzz');
            await w.ok('POST', '/api/account/email', { email, password: w.admin.password });
            const [mail] = await server.database.db
              .select({ text: outbox.text })
              .from(outbox)
              .where(eq(outbox.to, email))
              .orderBy(desc(outbox.createdAt))
              .limit(1);
            return { token: /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '' };
          },
        ],
      },
    };

    const operations = Object.entries(doc.paths)
      .filter(([path]) => OPENAPI_FUZZED.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
      )
      .filter(({ key }) => !OPENAPI_NOT_JSON.has(key));
    expect(operations.length).toBeGreaterThanOrEqual(20);
    // Every operation has a case: a new route under these prefixes must be added above.
    expect(operations.map((o) => o.key).filter((k) => !cases[k])).toEqual([]);

    const failures: string[] = [];
    let sent = 0;
    /** Sends one call; a 500, another status or an answer without {detail, code} is a failure. */
    const check = async (
      method: string,
      url: string,
      body: unknown,
      label: string,
      allowed = [400, 404],
    ) => {
      const response = await w.call(method, url, body);
      sent += 1;
      const shaped =
        typeof response.body?.detail === 'string' && typeof response.body?.code === 'string';
      if (
        response.status >= 500 ||
        (response.status >= 400 && (!allowed.includes(response.status) || !shaped))
      ) {
        failures.push(
          `${method} ${url.slice(0, 160)} ${label.slice(0, 160)}: ${response.status} ${response.text.slice(0, 200)}`,
        );
      }
      return response;
    };

    const root = { $defs: doc.components.schemas } as JsonSchema;
    for (const { key, path, method, op } of operations) {
      const c = cases[key]!;
      const upper = method.toUpperCase();
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queries = c.queries ?? [{}];
      const filledQuery = new Set(queries.flatMap((q) => Object.keys(q)));
      expect(
        queryParams.filter((name) => !filledQuery.has(name)),
        `${key}: every query parameter`,
      ).toEqual([]);

      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const makeBodies = c.bodies ?? [async () => undefined];
      const sampleBodies = await Promise.all(makeBodies.map((make) => make()));
      const leaves = bodySchema ? schemaLeaves(bodySchema, root) : new Map<string, boolean>();
      if (bodySchema) {
        const filled = sampleBodies.flatMap((body) => valueLeaves(body).map((l) => shape(l.path)));
        const unfilled = [...leaves.keys()].filter((p) => !filled.some((f) => matches(p, f)));
        expect(unfilled, `${key}: every body field`).toEqual([]);
      }

      const urlOf = (params: Record<string, string>, query: [string, QueryValue][]) => {
        const base = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(params[name] ?? randomUUID()),
        );
        return query.length ? `${base}?${queryString(query)}` : base;
      };
      const params = c.params ?? {};

      // Path parameters: ids that are no id, or nobody's.
      for (const name of pathParams) {
        for (const bad of [...BAD_QUERY_VALUES, ...nearMisses(params[name] ?? '')]) {
          const value =
            typeof bad === 'string'
              ? encodeURIComponent(bad.replace(/[\ud800-\udfff]/g, '\ufffd'))
              : bad.raw;
          if (value === '') continue; // an empty segment is another route
          const url = path.replace(/\{(\w+)\}/g, (_, n: string) =>
            n === name ? value : encodeURIComponent(params[n] ?? randomUUID()),
          );
          await check(
            upper,
            url,
            await makeBodies[0]!(),
            `path ${name} = ${JSON.stringify(bad)}`,
            // A path segment over 100 characters is refused before any route: 414, {detail, code}.
            value.length > 100 ? [414] : [400, 404],
          );
        }
      }

      // Query parameters: each bad value in place of a valid one, and the parameter twice.
      for (const valid of queries) {
        for (const name of Object.keys(valid)) {
          for (const bad of [...BAD_QUERY_VALUES, ...nearMisses(valid[name]!)]) {
            const entries = Object.entries(valid).map(([k, v]): [string, QueryValue] => [
              k,
              k === name ? bad : v,
            ]);
            await check(
              upper,
              urlOf(params, entries),
              undefined,
              `${name} = ${JSON.stringify(bad)}`,
            );
          }
          const twice: [string, QueryValue][] = [...Object.entries(valid), [name, valid[name]!]];
          await check(upper, urlOf(params, twice), undefined, `${name} twice`);
        }
      }

      // Body fields: each wrong in type or size, an impossible date, a lone surrogate as key.
      if (bodySchema) {
        for (const make of makeBodies) {
          const sample = await make();
          for (const leaf of valueLeaves(sample)) {
            const where = shape(leaf.path);
            const isInstant = [...leaves].some(([p, date]) => date && matches(p, where));
            for (const bad of [...BAD_BODY_VALUES, ...(isInstant ? BAD_INSTANTS : [])]) {
              const body = withValue(await make(), leaf.path, bad);
              await check(
                upper,
                urlOf(params, []),
                body,
                `${where} = ${JSON.stringify(bad).slice(0, 40)}`,
              );
            }
          }
          for (const at of objectPaths(sample)) {
            const fresh = await make();
            const node = { ...(valueAt(fresh, at) as object), '\ud800': 'x' };
            await check(
              upper,
              urlOf(params, []),
              at.length === 0 ? node : withValue(fresh, at, node),
              `key "\\ud800" in ${shape(at) || 'the body'}`,
            );
          }
          for (const bad of BAD_BODY_VALUES.slice(0, 8)) {
            await check(
              upper,
              urlOf(params, []),
              bad,
              `the body = ${JSON.stringify(bad).slice(0, 40)}`,
            );
          }
        }
      }

      // And the valid calls themselves succeed.
      if (upper !== 'DELETE') {
        for (const valid of queries) {
          for (const make of makeBodies) {
            const response = await w.call(
              upper,
              urlOf(params, Object.entries(valid)),
              await make(),
            );
            if (response.status >= 300) {
              failures.push(`${key} (valid): ${response.status} ${response.text.slice(0, 200)}`);
            }
          }
        }
      }
    }
    // The delete, last: on a task of its own.
    expect((await w.call('DELETE', `/api/tasks/${await newTask()}`)).status).toBe(204);

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    console.info(
      `tasks, notifications and home: ${sent} bad calls, ${operations.length} operations`,
    );
    // About 4,500 calls with the panels': up to ten minutes on a loaded machine.
  }, 600_000);
});
