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
import { RECORD_VISIBILITIES } from '@beacon/contract';
import { workspaces } from './workspaces.ts';

export const userRole = pgEnum('user_role', ['admin', 'contributor', 'viewer']);
export const userStatus = pgEnum('user_status', ['active', 'disabled']);
/** Which records a member sees: every record of the workspace, or only those they own (issue 10). */
export const recordVisibility = pgEnum('record_visibility', RECORD_VISIBILITIES);

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
    // The team's columns (issue 10, docs/decisions/045): profile, visibility and last activity.
    /** Every record of the workspace (`all`) or only the records the member owns (`own`). */
    recordVisibility: recordVisibility('record_visibility').notNull().default('all'),
    /** Job title shown on the profile and the member cards. */
    title: text('title'),
    /** A few lines about the member, as they wrote them. */
    about: text('about'),
    /** When the avatar and the cover image last changed (their bytes are in `member_images`). */
    avatarUpdatedAt: timestamp('avatar_updated_at', { withTimezone: true }),
    coverUpdatedAt: timestamp('cover_updated_at', { withTimezone: true }),
    /** The last signed-in request, written at most once a minute (plugins/auth.ts). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
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
