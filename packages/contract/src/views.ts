import { z } from './z.ts';
import { text } from './fields.ts';
import { endpoint } from './endpoint.ts';
import {
  filterConditionSchema,
  filterListSchema,
  recordEntities,
  recordParamsSchema,
  sortParamSchema,
} from './records.ts';

// ---------------------------------------------------------------------------------------------
// Saved views: a named filter, sort and column set, per user or shared with the workspace.

/** What a view may be of: the records-style entities, and the e-mails page (conversations.ts). */
export const viewEntities = [...recordEntities, 'emails'] as const;
export const viewEntitySchema = z.enum(viewEntities);
export type ViewEntity = z.infer<typeof viewEntitySchema>;
const viewFields = {
  name: text(100).min(1, { message: 'Required' }),
  entity: viewEntitySchema,
  shared: z.boolean(),
  q: z.string().trim().max(200),
  filters: filterListSchema,
  sort: sortParamSchema.nullable(),
  columns: z.array(z.string().min(1).max(40)).max(40),
};
export const savedViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    entity: viewEntitySchema,
    shared: z.boolean(),
    q: z.string(),
    filters: z.array(filterConditionSchema),
    sort: z.string().nullable(),
    columns: z.array(z.string()),
    ownerId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewsSchema = z.array(savedViewSchema).meta({ id: 'SavedViews' });
export const newViewSchema = z
  .object({
    ...viewFields,
    shared: viewFields.shared.default(false),
    q: viewFields.q.default(''),
    filters: viewFields.filters.default([]),
    sort: viewFields.sort.default(null),
    columns: viewFields.columns.default([]),
  })
  .meta({ id: 'NewSavedView' });
export type NewView = z.input<typeof newViewSchema>;
export const viewPatchSchema = z
  .object(viewFields)
  .omit({ entity: true })
  .partial()
  .meta({ id: 'SavedViewPatch' });
export type ViewPatch = z.infer<typeof viewPatchSchema>;
export const viewsQuerySchema = z.object({ entity: viewEntitySchema });

/** The saved views API: a user's own views, plus those shared with the workspace. */
export const viewsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/views',
    summary: 'Your saved views and the shared ones',
    query: viewsQuerySchema,
    response: savedViewsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/views',
    summary: 'Save a view (a named filter, sort and column set)',
    body: newViewSchema,
    status: 201,
    response: savedViewSchema,
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/views/:id',
    summary: 'Change a saved view (its owner, or an admin for a shared one)',
    params: recordParamsSchema,
    body: viewPatchSchema,
    response: savedViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/views/:id',
    summary: 'Delete a saved view (its owner, or an admin for a shared one)',
    params: recordParamsSchema,
    status: 204,
    response: null,
  }),
};
