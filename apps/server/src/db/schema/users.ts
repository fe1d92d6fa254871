import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

export const userRole = pgEnum('user_role', ['admin', 'contributor', 'viewer']);
export const userStatus = pgEnum('user_status', ['active', 'disabled']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Stored trimmed and lower-cased; unique across the whole server. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: userRole('role').notNull().default('contributor'),
    status: userStatus('status').notNull().default('active'),
    /** The member's IANA time zone (tasks' days); null until set, read as UTC. */
    timeZone: text('time_zone'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Tokens issued before this instant are refused (password changes sign out everywhere). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    // Account and security (issue 10, docs/decisions/046-account-and-security.md).
    /** E.164 (`+33612345678`), checked with libphonenumber-js; null when not given. */
    phone: text('phone'),
    /** The interface language the member chose (`en`, `fr`, `vi`, `cn`, `ar`); null: detected. */
    language: text('language'),
    /** Plain text added below the member's outgoing e-mails. */
    emailSignature: text('email_signature'),
    /** Base32 TOTP secret, set while two-factor sign-in is on. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being set up: it becomes `twoFactorSecret` once a code made with it is given. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The TOTP time step of the last code accepted: a code of that step or older is refused. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_workspace_idx').on(t.workspaceId),
  ],
);
