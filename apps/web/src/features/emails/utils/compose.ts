/**
 * The address that opens the compose dialog over the current page (it opens on any dashboard
 * page from `?compose=new&to=…&personId=…`), keeping the page's own parameters.
 */
export function composeSearch(
  current: URLSearchParams,
  to: string,
  personId: string | null,
): string {
  const next = new URLSearchParams(current);
  next.set('compose', 'new');
  next.set('to', to);
  if (personId) next.set('personId', personId);
  else next.delete('personId');
  return `?${next.toString()}`;
}

/** The address that opens a reply to a mail, in its thread, over the current page. */
export function replySearch(current: URLSearchParams, mailId: string): string {
  const next = new URLSearchParams(current);
  next.set('compose', 'reply');
  next.set('mailId', mailId);
  return `?${next.toString()}`;
}
