import type { MailAddress } from '@beacon/contract';

const locale = (language: string) => (language === 'cn' ? 'zh-Hans' : language);

/** A list row's date: the time today, the day this year, the day and year before. */
export function formatListDate(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) {
    return new Intl.DateTimeFormat(locale(language), { hour: '2-digit', minute: '2-digit' }).format(
      date,
    );
  }
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  }).format(date);
}

/** A message's full date and time in the reading view. */
export function formatFullDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export const addressName = (a: MailAddress) => a.name.trim() || a.address;

export const addressLine = (a: MailAddress) =>
  a.name.trim() ? `${a.name.trim()} <${a.address}>` : a.address;

export const initialsOf = (name: string): string =>
  name
    .replace(/[<>@].*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';
