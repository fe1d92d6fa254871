import * as chrono from 'chrono-node';

/**
 * The day an out-of-office reply says its writer is back, in the five languages of the product.
 * The dates themselves are read by chrono-node (its en, fr, vi, zh and ar parsers: month names,
 * numeric dates, weekdays, "next Monday"); which of the dates a message names is the return is
 * decided here, by the words just before it (docs/decisions/061-conversations.md).
 */

/** Every language's parser: a reply's language is not known, so each one reads it. */
const parsers: chrono.Chrono[] = [
  chrono.en.casual,
  chrono.fr.casual,
  chrono.vi.casual,
  chrono.zh.casual,
  chrono.ar.casual,
];

/** Words that name the return itself: "back on", "de retour le", "quay lại", "返回", "سأعود". */
const backCue =
  /(back|return(ing)?|returns|in the office|de retour|retour|je reviens|reviendrai|rentre|quay lại|quay về|trở lại|đi làm lại|có mặt|返回|回来|回到|回公司|上班|سأعود|أعود|العودة|عودتي|سأكون في المكتب)[^.\n]{0,25}$/i;
/** Words that name the last day away: "until", "jusqu'au", "đến ngày", "直到", "حتى". */
const untilCue =
  /(until|till|through|thru|up to|jusqu'?(au|à|a)|jusqu’(au|à)|au|đến|tới|hết|直到|至|到|حتى|لغاية|إلى)[^.\n]{0,12}$/i;

/** How far ahead a return date may be: further than this is not an absence's end. */
const MAX_DAYS_AHEAD = 370;

type Candidate = { day: string; time: number; cue: 'back' | 'until' | 'end' | 'none' };

function dayOf(components: chrono.ParsedComponents): { day: string; time: number } {
  const year = components.get('year')!;
  const month = components.get('month')!;
  const day = components.get('day')!;
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { day: text, time: Date.UTC(year, month - 1, day) };
}

/**
 * The return day (`YYYY-MM-DD`) a message names, or null. Only days after the day it arrived
 * (and within a year) count. A date after "back"-words wins; else one after "until"-words; else
 * the end of a range ("from 3 to 10 June"); else the latest date named.
 */
export function readReturnDate(text: string, receivedAt: Date): string | null {
  const sample = text.slice(0, 5000);
  if (!sample.trim()) return null;
  const reference = {
    instant: receivedAt,
    timezone: 0,
  };
  const received = Date.UTC(
    receivedAt.getUTCFullYear(),
    receivedAt.getUTCMonth(),
    receivedAt.getUTCDate(),
  );
  const found = new Map<string, Candidate>();
  const rank = { back: 3, until: 2, end: 1, none: 0 } as const;
  const add = (candidate: Candidate) => {
    if (candidate.time <= received) return;
    if (candidate.time > received + MAX_DAYS_AHEAD * 86_400_000) return;
    const had = found.get(candidate.day);
    if (!had || rank[candidate.cue] > rank[had.cue]) found.set(candidate.day, candidate);
  };
  for (const parser of parsers) {
    let results: chrono.ParsedResult[];
    try {
      results = parser.parse(sample, reference, { forwardDate: true });
    } catch {
      continue;
    }
    for (const result of results) {
      const start = result.start;
      if (!start.isCertain('day') && !start.isCertain('weekday')) continue;
      const before = sample.slice(Math.max(0, result.index - 40), result.index);
      const cue = backCue.test(before) ? 'back' : untilCue.test(before) ? 'until' : 'none';
      if (result.end && (result.end.isCertain('day') || result.end.isCertain('weekday'))) {
        add({ ...dayOf(result.end), cue: cue === 'back' ? 'back' : 'end' });
      } else {
        add({ ...dayOf(start), cue });
      }
    }
  }
  if (found.size === 0) return null;
  const best = [...found.values()].sort(
    (a, b) => rank[b.cue] - rank[a.cue] || (rank[b.cue] > 0 ? a.time - b.time : b.time - a.time),
  )[0]!;
  return best.day;
}
