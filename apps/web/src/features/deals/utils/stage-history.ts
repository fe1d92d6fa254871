import { intlLocale } from '../../../locales/i18n.ts';

/** What the history needs of a stage change. */
export interface StageChange {
  id: string;
  fromStageName: string | null;
  toStageName: string;
  byId: string | null;
  at: string;
}

export interface StageSpan<C extends StageChange> {
  change: C;
  /** How long the deal stayed in `toStageName`, in milliseconds, until the next change or now. */
  duration: number;
  /** The stage the deal is in now. */
  current: boolean;
}

/**
 * Each stage change with the time the deal then spent in its stage, newest first: until the next
 * change, or until `now` for the stage it is still in.
 */
export function stageSpans<C extends StageChange>(
  changes: readonly C[],
  now: Date,
): StageSpan<C>[] {
  const ordered = [...changes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return ordered
    .map((change, index) => {
      const next = ordered[index + 1];
      const end = next ? Date.parse(next.at) : now.getTime();
      return { change, duration: Math.max(0, end - Date.parse(change.at)), current: !next };
    })
    .reverse();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration as the language writes it, in its largest whole unit: `3 days`, `5 heures`. */
export function formatDuration(ms: number, language: string): string {
  const [value, unit] =
    ms >= DAY
      ? [Math.floor(ms / DAY), 'day']
      : ms >= HOUR
        ? [Math.floor(ms / HOUR), 'hour']
        : [Math.max(0, Math.floor(ms / MINUTE)), 'minute'];
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}
