import ICAL from 'ical.js';
import { utcParts, utcToWall, wallAsUtc, wallToUtc } from './time-zones.ts';

/** A repeating event as stored: its first occurrence, its rule and the starts it skips. */
export type Series = {
  start: Date;
  end: Date;
  allDay: boolean;
  /** The IANA zone whose wall clock the rule repeats in; null: UTC. */
  timeZone: string | null;
  rrule: string;
  /** Starts (ISO instants) of occurrences that do not happen (EXDATE) or were changed apart. */
  skip: Iterable<string>;
};

const DAY = 86_400_000;

export type Occurrence = { start: Date; end: Date };

/**
 * Bounds on one expansion, so that a rule like `FREQ=SECONDLY` from years ago costs a bounded
 * amount of work: at most `maxSteps` candidates are looked at, at most `maxOccurrences` kept.
 */
export type ExpansionLimits = { maxOccurrences: number; maxSteps: number };
export const DEFAULT_LIMITS: ExpansionLimits = { maxOccurrences: 1000, maxSteps: 20_000 };

/** Parses a rule (the RRULE value); throws with ical.js's message when it is not one. */
export function parseRule(rule: string): ICAL.Recur {
  const recur = ICAL.Recur.fromString(rule);
  if (!recur.freq) throw new Error('the rule has no FREQ');
  return recur;
}

/**
 * The occurrences of a series that overlap [from, to), in order. `complete` is true when the
 * rule ran out (COUNT or UNTIL) before a limit or the window's end stopped the expansion.
 */
export function expandSeries(
  series: Series,
  window: { from?: Date; to?: Date },
  limits: ExpansionLimits = DEFAULT_LIMITS,
): { occurrences: Occurrence[]; complete: boolean; steps: number } {
  const startMs = series.start.getTime();
  const duration = series.end.getTime() - startMs;
  const zone = series.allDay ? null : series.timeZone;
  const wall = zone ? utcToWall(startMs, zone) : utcParts(startMs);
  const dtstart = series.allDay
    ? ICAL.Time.fromData({ year: wall.year, month: wall.month, day: wall.day, isDate: true })
    : ICAL.Time.fromData({ ...wall, isDate: false });
  const skip = new Set<number>();
  for (const iso of series.skip) skip.add(Date.parse(iso));
  const from = window.from?.getTime() ?? -Infinity;
  const to = window.to?.getTime() ?? Infinity;

  const iterator = parseRule(series.rrule).iterator(dtstart);
  const occurrences: Occurrence[] = [];
  // Candidates the rule was asked for: what the expansion cost.
  let steps = 0;
  const done = (complete: boolean) => ({ occurrences, complete, steps });
  while (steps < limits.maxSteps) {
    steps += 1;
    const next = iterator.next();
    if (!next) return done(true);
    const parts = {
      year: next.year,
      month: next.month,
      day: next.day,
      hour: next.isDate ? 0 : next.hour,
      minute: next.isDate ? 0 : next.minute,
      second: next.isDate ? 0 : next.second,
    };
    const asUtc = wallAsUtc(parts);
    if (Number.isNaN(asUtc)) return done(false);
    // No zone is more than a day from UTC: far from the window, skip the zone conversion.
    if (asUtc + duration < from - DAY) continue;
    if (asUtc >= to + DAY) return done(false);
    const start = zone ? wallToUtc(parts, zone) : asUtc;
    if (start >= to) return done(false);
    if (start + duration >= from && !skip.has(start)) {
      occurrences.push({ start: new Date(start), end: new Date(start + duration) });
      if (occurrences.length >= limits.maxOccurrences) return done(false);
    }
  }
  return done(false);
}

/** The steps one series' end may cost, and all the series of one request (an import). */
export const SERIES_END_STEPS = 5_000;
export const REQUEST_STEPS = 200_000;

/**
 * When the last occurrence of a rule that ends ends; null when it repeats for ever, or for
 * longer than `SERIES_END_STEPS` candidates (a stored end only narrows the reads, so null is
 * always safe). `budget` is shared by every series of one request: once it is spent, the rest
 * count as never-ending without being expanded, so no file can buy unbounded work.
 */
export function seriesEnd(
  series: Omit<Series, 'skip'>,
  budget: { steps: number } = { steps: SERIES_END_STEPS },
): Date | null {
  const recur = parseRule(series.rrule);
  if (!recur.count && !recur.until) return null;
  const maxSteps = Math.min(SERIES_END_STEPS, budget.steps);
  if (maxSteps <= 0) return null;
  const { occurrences, complete, steps } = expandSeries(
    { ...series, skip: [] },
    {},
    { maxOccurrences: maxSteps, maxSteps },
  );
  budget.steps -= steps;
  if (!complete) return null;
  return occurrences.at(-1)?.end ?? series.end;
}
