import { isStorableInstant } from './values.ts';
import { z } from './z.ts';

/**
 * The one date-time every request field and filter takes: ISO 8601 with `Z` or an offset
 * (`2026-11-21T09:00:00.000Z`, `2026-11-21T10:00:00+01:00`), a real calendar day, a year from
 * 0100 to 9999 and an offset within ±15:59, so that PostgreSQL stores it and answers it back.
 */
export const instantSchema = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 date and time' })
  .refine((value) => isStorableInstant(value), {
    message: 'Use a date from the year 100 to 9999, with an offset within ±15:59',
    // A text that is not a date and time at all gets only the message above.
    when: (payload) => payload.issues.length === 0,
  });
