import { RecordRegistry } from '../lib/records/registry.ts';
import { companiesEntity } from './companies/companies.entity.ts';
import { dealsEntity } from './deals/deals.entity.ts';
import { peopleEntity } from './people/people.entity.ts';
import { tasksEntity } from './tasks/tasks.entity.ts';

/**
 * Every records-style entity, registered once, in the contract's order: lists, saved views,
 * notes, the timeline and bulk actions look entities up here. A new one is one entry (as
 * modules/deals/deals.entity.ts) added to this list; docs/adding-an-area.md has the rest.
 */
export const records = new RecordRegistry([
  peopleEntity,
  companiesEntity,
  dealsEntity,
  tasksEntity,
]);
