import { z } from './z.ts';
import { text } from './fields.ts';
import { recordEntities, selectionSchema } from './records.ts';

// ---------------------------------------------------------------------------------------------
// Lists.

export const listKindSchema = z.enum(recordEntities);
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
