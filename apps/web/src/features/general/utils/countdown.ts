/** The launch the coming-soon page counts down to (09:00 UTC on 1 March 2027). */
export const LAUNCH_DATE = new Date('2027-03-01T09:00:00Z');

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The moment has come (or passed). */
  done: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What is left until `target`, in whole units; all zero and `done` once it has passed. */
export function timeLeft(target: number, now: number): TimeLeft {
  const remaining = Math.max(0, target - now);
  return {
    days: Math.floor(remaining / DAY),
    hours: Math.floor((remaining % DAY) / HOUR),
    minutes: Math.floor((remaining % HOUR) / MINUTE),
    seconds: Math.floor((remaining % MINUTE) / SECOND),
    done: remaining === 0,
  };
}
