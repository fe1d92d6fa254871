/** The BCP 47 tag of an interface language (`cn` is the product's code for Simplified Chinese). */
export function localeOf(language: string): string {
  return language === 'cn' ? 'zh-Hans' : language || 'en';
}

/** A number grouped as the interface language groups it (`3 006` in French, `3,006` in English). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** A date and time in the reader's language, or '' for a value that is not one. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/** The time now where the person is (`Europe/Paris`), or null for an unknown zone. */
export function localTime(timeZone: string, now: Date, language: string): string | null {
  if (!timeZone) return null;
  try {
    return new Intl.DateTimeFormat(localeOf(language), {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      weekday: 'short',
    }).format(now);
  } catch {
    return null;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function fullName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

/** Up to two letters for an avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return (
    letters
      .map((word) => (word ? Array.from(word)[0] : ''))
      .join('')
      .toUpperCase() || '?'
  );
}

/** `a, b , ,c` -> `['a', 'b', 'c']` */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A code such as `5001+` or `<1M`, kept left to right inside right-to-left text. */
export function isolateLtr(text: string): string {
  return text ? `\u2066${text}\u2069` : text;
}
