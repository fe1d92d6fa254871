import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Set for the seeded demo workspace only, so a restart finds it instead of seeding twice. */
  demoKey: text('demo_key').unique(),
  /** ISO 4217: a new deal's currency when none is given (admin panel, issue 10). */
  defaultCurrency: text('default_currency').notNull().default('EUR'),
  /** IANA: the zone of a member who has not set their own (tasks' due days). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Open and click tracking of sent mail (admin panel; off by default; docs/decisions/061). */
  emailTracking: boolean('email_tracking').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
