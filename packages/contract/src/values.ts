/**
 * Plain values of the contract, without zod, so that the first pages can use them without loading
 * the schemas: `import { PASSWORD_MAX, MEMBER_ROLES } from '@beacon/contract/values'`. The schemas are
 * built from the same ones (docs/decisions/017-sign-in-bundle.md).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The roles of a workspace member, from most to least allowed. */
export const MEMBER_ROLES = ['admin', 'contributor', 'viewer'] as const;

/**
 * 0100-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the instants the API takes and answers.
 * PostgreSQL stores years 1 to 99 too, but they come back as 1950 to 2049: the database layer
 * reads its text (`0001-01-01 00:00:00+00`) with `new Date()`, which takes them for two-digit
 * years (docs/decisions/022-strict-input.md).
 */
export const INSTANT_MIN_MS = -59_011_459_200_000;
export const INSTANT_MAX_MS = 253_402_300_799_999;
/** PostgreSQL refuses a UTC offset of 16 hours or more (`time zone displacement out of range`). */
export const OFFSET_MAX_MINUTES = 15 * 60 + 59;

/**
 * Whether a well-formed ISO 8601 date-time can be stored and read back as it was sent: its year
 * (as written and in UTC) within 0100..9999 and its offset within ±15:59. Year 0 and 10000,
 * `+16:00` or `9999-12-31T23:00:00-01:00` are refused.
 */
export function isStorableInstant(text: string): boolean {
  if (!/^\d{4}-/.test(text) || Number(text.slice(0, 4)) < 100) return false;
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (offset && Number(offset[2]) * 60 + Number(offset[3]) > OFFSET_MAX_MINUTES) return false;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= INSTANT_MIN_MS && ms <= INSTANT_MAX_MS;
}

/** The home page's limits (home.ts): rows per card list, activity entries, capped counts. */
export const HOME_LIST_LIMIT = 5;
export const HOME_ACTIVITY_LIMIT = 10;
export const HOME_MEETINGS_LIMIT = 20;
/** Counts of a member's tasks stop here (a card shows "1000+"): bounded whatever the backlog. */
export const HOME_COUNT_CAP = 1000;

// Amounts in minor units: the currency digits and exact sums, one copy for the server and the web.
export * from './money.ts';

/** The files manager (issue 11): a name's limit in characters, a public link's password's. */
export const FILE_NAME_MAX = 500;
export const FILE_LINK_PASSWORD_MAX = 128;
