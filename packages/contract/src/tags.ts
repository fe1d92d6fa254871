import { z } from './z.ts';
import { endpoint } from './endpoint.ts';
import { tagsField } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// The workspace's tags across people, companies and deals (contributor panel, issue 10).

/** One tag: 1 to 40 characters once trimmed, as on people, companies and deals. */
export const tagNameSchema = tagsField.element;
const tagName = tagNameSchema;

export const tagUsageSchema = z
  .object({
    tag: z.string(),
    people: z.number().int(),
    companies: z.number().int(),
    deals: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'TagUsage' });
export type TagUsage = z.infer<typeof tagUsageSchema>;
export const tagUsagesSchema = z.array(tagUsageSchema).meta({ id: 'TagUsages' });

export const renameTagSchema = z.object({ from: tagName, to: tagName }).meta({ id: 'RenameTag' });
export type RenameTag = z.input<typeof renameTagSchema>;
export const mergeTagsSchema = z
  .object({ from: z.array(tagName).min(1).max(50), into: tagName })
  .meta({ id: 'MergeTags' });
export type MergeTags = z.input<typeof mergeTagsSchema>;
export const deleteTagSchema = z.object({ tag: tagName }).meta({ id: 'DeleteTag' });
export type DeleteTag = z.input<typeof deleteTagSchema>;
/** How many records a tag change touched, per entity. */
export const tagChangeSchema = z
  .object({ people: z.number().int(), companies: z.number().int(), deals: z.number().int() })
  .meta({ id: 'TagChange' });
export type TagChange = z.infer<typeof tagChangeSchema>;

export const tagsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/tags',
    summary: 'Every tag in use on people, companies and deals, with its counts',
    response: tagUsagesSchema,
  }),
  rename: endpoint({
    method: 'POST',
    path: '/api/tags/rename',
    summary: 'Rename a tag on every person, company and deal (admins and contributors)',
    body: renameTagSchema,
    response: tagChangeSchema,
  }),
  merge: endpoint({
    method: 'POST',
    path: '/api/tags/merge',
    summary: 'Merge tags into one on every person, company and deal (admins and contributors)',
    body: mergeTagsSchema,
    response: tagChangeSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/tags/delete',
    summary: 'Remove a tag from every person, company and deal (admins and contributors)',
    body: deleteTagSchema,
    response: tagChangeSchema,
  }),
};
