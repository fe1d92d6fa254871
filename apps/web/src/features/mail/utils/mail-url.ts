import type { MailListArg } from '../api/mail-api.ts';

/**
 * What the mail page's address holds (docs/decisions/059-mail-app.md), so a reload and the
 * browser's back button show the same thing: `label`, the open `mail`, the `mailbox` (on
 * /dashboard/mail) and the list's filters (`q`, `unread`, `starred`, `attachments`, `from`,
 * `after`, `before`, the last two as YYYY-MM-DD days).
 */
export type MailView = {
  label: string;
  mail: string | null;
  mailbox: string | null;
  q: string;
  unread: boolean;
  starred: boolean;
  attachments: boolean;
  from: string;
  after: string;
  before: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readView(params: URLSearchParams): MailView {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    label: params.get('label') || 'inbox',
    mail: params.get('mail') || null,
    mailbox: params.get('mailbox') || null,
    q: params.get('q') ?? '',
    unread: params.get('unread') === '1',
    starred: params.get('starred') === '1',
    attachments: params.get('attachments') === '1',
    from: params.get('from') ?? '',
    after: day('after'),
    before: day('before'),
  };
}

export function writeView(view: MailView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.mailbox) params.set('mailbox', view.mailbox);
  params.set('label', view.label);
  if (view.q) params.set('q', view.q);
  if (view.unread) params.set('unread', '1');
  if (view.starred) params.set('starred', '1');
  if (view.attachments) params.set('attachments', '1');
  if (view.from) params.set('from', view.from);
  if (view.after) params.set('after', view.after);
  if (view.before) params.set('before', view.before);
  if (view.mail) params.set('mail', view.mail);
  return params;
}

/** How many of the list's filters are on (the filters button's badge). */
export const activeFilters = (view: MailView) =>
  [view.unread, view.starred, view.attachments, !!view.from, !!view.after, !!view.before].filter(
    Boolean,
  ).length;

/** The list's call for a view: the day range as instants of the reader's days. */
export function listArg(view: MailView, mailboxId: string | undefined): MailListArg {
  const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
  const endOf = (day: string) =>
    new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000).toISOString();
  return {
    label: view.label,
    ...(mailboxId ? { mailboxId } : {}),
    ...(view.q.trim() ? { search: view.q.trim() } : {}),
    ...(view.unread ? { unread: true } : {}),
    ...(view.starred ? { starred: true } : {}),
    ...(view.attachments ? { hasAttachments: true } : {}),
    ...(view.from.trim() ? { from: view.from.trim() } : {}),
    ...(view.after ? { after: startOf(view.after) } : {}),
    ...(view.before ? { before: endOf(view.before) } : {}),
  };
}
