import { instantSchema } from './instant.ts';
import { z } from './z.ts';

// The field helpers of the records-style areas (people.ts, companies.ts, lists.ts, views.ts, …).
// Free-text fields travel as strings, '' meaning empty; enums and links are nullable.

export const id = (what: string) => z.uuid({ message: `Not a ${what} id` });
export const text = (max: number) => z.string().trim().max(max);
export const instant = instantSchema;

export const tagsField = z.array(z.string().trim().min(1).max(40)).max(30);
export const emailField = z.union([
  z.literal(''),
  z.email({ message: 'Not an e-mail address' }).max(254),
]);
export const urlField = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, message: 'Use an http(s) address' }).max(500),
]);

/**
 * A change may say which version of the record it was made on (the `updatedAt` the client read):
 * when the record changed since, the change is refused with 409 `EDIT_CONFLICT` and nothing is
 * written, so two members editing one record never silently overwrite each other
 * (docs/decisions/029-duplicates-and-edit-conflicts.md).
 */
export const expectedUpdatedAt = instant
  .optional()
  .describe('The `updatedAt` the change was made on; another answers 409 EDIT_CONFLICT');

/**
 * Minor units as a decimal string (`"10000000000000000"`): a sum of deals may pass 2^53, beyond
 * which a JSON number loses units, so sums are never numbers on the wire (record 037).
 */
export const minorSumField = z
  .string()
  .regex(/^-?\d+$/)
  .meta({ description: 'Minor units as a decimal string (exact beyond 2^53)', example: '1250000' });
