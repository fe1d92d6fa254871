import { z } from './z.ts';
import { text } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { bulkResultSchema, listEntities, recordParamsSchema, selectionSchema } from './records.ts';

// ---------------------------------------------------------------------------------------------
// Lists.

export const listKindSchema = z.enum(listEntities);
export type ListKind = z.infer<typeof listKindSchema>;
export const recordListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: listKindSchema,
    description: z.string(),
    count: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'RecordList' });
export type RecordList = z.infer<typeof recordListSchema>;
export const recordListsSchema = z.array(recordListSchema).meta({ id: 'RecordLists' });
export const newListSchema = z
  .object({
    name: text(100).min(1, { message: 'Required' }),
    kind: listKindSchema,
    description: text(1000).default(''),
  })
  .meta({ id: 'NewList' });
export type NewList = z.input<typeof newListSchema>;
export const listPatchSchema = z
  .object({ name: text(100).min(1, { message: 'Required' }), description: text(1000) })
  .partial()
  .meta({ id: 'ListPatch' });
export type ListPatch = z.infer<typeof listPatchSchema>;
/** Adds or removes records (of the list's kind) by id or by filter. */
export const listItemsRequestSchema = z
  .object({ selection: selectionSchema })
  .meta({ id: 'ListItemsRequest' });
export const listsQuerySchema = z.object({ kind: listKindSchema.optional() });

const listItems = (mode: 'add' | 'remove') =>
  endpoint({
    method: 'POST',
    path: mode === 'add' ? '/api/lists/:id/items' : '/api/lists/:id/items/remove',
    summary:
      mode === 'add'
        ? 'Add records (by ids or by filter) to the list'
        : 'Remove records (by ids or by filter) from the list',
    params: recordParamsSchema,
    body: listItemsRequestSchema,
    response: bulkResultSchema,
  });

/** The lists API. */
export const listsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/lists',
    summary: 'Lists of people or companies, with their counts',
    query: listsQuerySchema,
    response: recordListsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/lists',
    summary: 'Make a list',
    body: newListSchema,
    status: 201,
    response: recordListSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/lists/:id',
    summary: 'A list with its count (its members: GET /api/people with an on_list filter)',
    params: recordParamsSchema,
    response: recordListSchema,
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/lists/:id',
    summary: 'Rename a list or change its description',
    params: recordParamsSchema,
    body: listPatchSchema,
    response: recordListSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/lists/:id',
    summary: 'Delete a list (its members stay)',
    params: recordParamsSchema,
    status: 204,
    response: null,
  }),
  addItems: listItems('add'),
  removeItems: listItems('remove'),
};
