/**
 * This device's IANA time zone (`Europe/Berlin`), or null when the browser does not say: what a
 * member's "today" is until they set a zone of their own (docs/decisions/031-tasks.md).
 */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
