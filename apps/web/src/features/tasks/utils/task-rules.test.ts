import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  queueActionOf,
  queueCurrent,
  queueLeft,
  queueNext,
  queueRefreshed,
  queueStart,
  snoozeUntil,
  tabQuery,
  toLocalInput,
} from './task-rules.ts';

describe('the tabs', () => {
  it('ask for open tasks by due state, or finished ones latest first', () => {
    expect(tabQuery('today', true)).toEqual({ mine: 'true', due: 'today', sort: 'dueAt' });
    expect(tabQuery('overdue', false)).toEqual({ due: 'overdue', sort: 'dueAt' });
    expect(tabQuery('done', true)).toEqual({
      mine: 'true',
      status: 'closed',
      sort: '-completedAt',
    });
  });
});

describe('the queue', () => {
  it('walks the tasks in order, skipping the ones dealt with, and wraps', () => {
    let q = queueStart(['a', 'b', 'c']);
    expect(queueCurrent(q)).toBe('a');
    q = queueNext(q); // next: a stays in the queue
    expect(queueCurrent(q)).toBe('b');
    q = queueNext(q, 'b'); // b done
    expect(queueCurrent(q)).toBe('c');
    expect(queueLeft(q)).toBe(2);
    q = queueNext(q, 'c');
    expect(queueCurrent(q)).toBe('a');
    q = queueNext(q, 'a');
    expect(queueCurrent(q)).toBeNull();
    expect(queueLeft(q)).toBe(0);
  });

  it('keeps its place when the list is read again, adding new due tasks at the end', () => {
    let q = queueNext(queueStart(['a', 'b', 'c']), 'a'); // a done, at b
    // The server no longer lists a (done) nor c (changed elsewhere); d became due.
    q = queueRefreshed(q, ['b', 'd']);
    expect(q.ids).toEqual(['a', 'b', 'd']);
    expect(queueCurrent(q)).toBe('b');
    expect(queueLeft(q)).toBe(2);
  });

  it('starts empty when nothing is due', () => {
    expect(queueCurrent(queueStart([]))).toBeNull();
  });
});

describe('the keys of the queue', () => {
  const key = (k: string, extra: object = {}) => queueActionOf({ key: k, ...extra });
  it('maps C, S, Z, N, arrows and Escape, in either case', () => {
    expect(key('c')).toBe('complete');
    expect(key('C')).toBe('complete');
    expect(key('s')).toBe('skip');
    expect(key('z')).toBe('snooze');
    expect(key('n')).toBe('next');
    expect(key('ArrowRight')).toBe('next');
    expect(key('Escape')).toBe('exit');
    expect(key('x')).toBeNull();
  });
  it('leaves modified keys and typing in fields alone', () => {
    expect(key('c', { ctrlKey: true })).toBeNull();
    expect(key('s', { metaKey: true })).toBeNull();
    const input = document.createElement('input');
    expect(key('c', { target: input })).toBeNull();
    const button = document.createElement('button');
    expect(key('c', { target: button })).toBe('complete');
  });
});

describe('times', () => {
  it('round-trips a datetime-local text through an instant', () => {
    const iso = fromLocalInput('2026-11-24T09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-11-24T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
  it('snoozes an hour, or to tomorrow at 9:00 local', () => {
    const now = new Date(2026, 10, 24, 15, 12);
    expect(new Date(snoozeUntil('hour', now)).getTime() - now.getTime()).toBe(3_600_000);
    const tomorrow = new Date(snoozeUntil('tomorrow', now));
    expect([tomorrow.getDate(), tomorrow.getHours(), tomorrow.getMinutes()]).toEqual([25, 9, 0]);
    // In the assignee's zone: 9:00 on their clock the day after their today.
    const late = new Date('2026-11-24T20:00:00.000Z'); // already the 25th in Tokyo
    expect(snoozeUntil('tomorrow', late, 'Asia/Tokyo')).toBe('2026-11-26T00:00:00.000Z');
    expect(snoozeUntil('tomorrow', late, 'America/Los_Angeles')).toBe('2026-11-25T17:00:00.000Z');
  });
});
