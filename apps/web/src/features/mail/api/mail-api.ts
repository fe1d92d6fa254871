import {
  mailEndpoints,
  type Mail,
  type MailFolder,
  type MailLabel,
  type MailLabelColor,
  type MailPage,
} from '@beacon/contract';
import { endpointPath } from '@beacon/contract/endpoint';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';
import { sendRaw } from '../../../lib/raw-request.ts';

const e = mailEndpoints;

/** What the list asks for (the contract's query, as the page's address holds it). */
export type MailListArg = {
  label: string;
  mailboxId?: string;
  search?: string;
  unread?: boolean;
  starred?: boolean;
  hasAttachments?: boolean;
  from?: string;
  after?: string;
  before?: string;
};

// `Mailboxes` is the tag of lib/mailboxes-api.ts's list (shared with compose and the account).
type Tag = 'MailLabels' | 'MailList' | 'MailThread' | 'MailSenders' | 'Mailboxes';
const ALL_TAGS: Tag[] = ['MailLabels', 'MailList', 'MailThread', 'MailSenders', 'Mailboxes'];

/** Which tags a realtime message makes stale. */
function staleFor(type: string): Tag[] {
  if (type === 'mail.received') return ['MailLabels', 'MailList', 'MailThread'];
  if (type === 'mail.changed') return ['MailLabels', 'MailList', 'MailThread'];
  if (type === 'mail.labels.changed') return ['MailLabels', 'MailList', 'MailThread'];
  if (type === 'mail.senders.changed') return ['MailSenders', 'MailThread'];
  return [];
}

type Lifecycle = {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  dispatch: (action: unknown) => unknown;
};

/**
 * Keeps an entry live (docs/decisions/035-web-data-pattern.md): each `mail.*` message the member
 * hears (a mail arrived, mails changed, labels changed, their trusted senders changed) reads the
 * affected calls again; a reconnect reads everything again.
 */
async function live(lifecycle: Lifecycle) {
  await followRealtime(lifecycle, {
    types: ['mail.*'],
    onMessage: (message) => {
      const tags = staleFor(message.type);
      if (tags.length > 0) lifecycle.dispatch(mailApi.util.invalidateTags(tags));
    },
    onReconnect: () => lifecycle.dispatch(mailApi.util.invalidateTags(ALL_TAGS)),
  });
}

const changed = {
  invalidatesTags: ['MailLabels', 'MailList', 'MailThread'] as Tag[],
};

/** The mail app's server data (docs/decisions/059-mail-app.md). */
export const mailApi = api.enhanceEndpoints({ addTagTypes: ALL_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    mailLabels: build.query<MailLabel[], { mailboxId?: string }>({
      query: ({ mailboxId }) => call(e.labels, { query: mailboxId ? { mailboxId } : {} }),
      transformResponse: (answer: { labels: MailLabel[] }) => answer.labels,
      providesTags: ['MailLabels'],
      onCacheEntryAdded: (_arg, lifecycle) => live(lifecycle),
    }),
    mails: build.infiniteQuery<MailPage, MailListArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        call(e.mails, {
          query: {
            label: queryArg.label,
            mailboxId: queryArg.mailboxId,
            search: queryArg.search || undefined,
            unread: queryArg.unread ? true : undefined,
            starred: queryArg.starred ? true : undefined,
            hasAttachments: queryArg.hasAttachments ? true : undefined,
            from: queryArg.from || undefined,
            after: queryArg.after,
            before: queryArg.before,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
      providesTags: ['MailList'],
      onCacheEntryAdded: (_arg, lifecycle) => live(lifecycle),
    }),
    mailThread: build.query<{ threadId: string; mails: Mail[] }, string>({
      query: (mailId) => call(e.thread, { query: { mailId } }),
      providesTags: ['MailThread'],
      onCacheEntryAdded: (_arg, lifecycle) => live(lifecycle),
    }),
    mailStar: build.mutation<unknown, { mailIds: string[]; value: boolean }>({
      query: (body) => call(e.star, { body }),
      ...changed,
    }),
    mailImportant: build.mutation<unknown, { mailIds: string[]; value: boolean }>({
      query: (body) => call(e.important, { body }),
      ...changed,
    }),
    mailRead: build.mutation<unknown, { mailIds: string[]; value: boolean }>({
      query: (body) => call(e.read, { body }),
      ...changed,
    }),
    mailApplyLabel: build.mutation<unknown, { mailIds: string[]; labelId: string }>({
      query: (body) => call(e.applyLabel, { body }),
      ...changed,
    }),
    mailRemoveLabel: build.mutation<unknown, { mailIds: string[]; labelId: string }>({
      query: (body) => call(e.removeLabel, { body }),
      ...changed,
    }),
    mailMove: build.mutation<
      unknown,
      { mailIds: string[]; folder: Exclude<MailFolder, 'drafts' | 'scheduled' | 'sent'> }
    >({
      query: (body) => call(e.move, { body }),
      ...changed,
    }),
    mailArchive: build.mutation<unknown, { mailIds: string[] }>({
      query: (body) => call(e.archive, { body }),
      ...changed,
    }),
    mailTrash: build.mutation<unknown, { mailIds: string[] }>({
      query: (body) => call(e.trash, { body }),
      ...changed,
    }),
    mailDelete: build.mutation<unknown, { mailIds: string[] }>({
      query: (body) => call(e.deleteForGood, { body }),
      ...changed,
    }),
    mailNewLabel: build.mutation<
      MailLabel,
      { mailboxId: string; name: string; color: MailLabelColor }
    >({
      query: (body) => call(e.newLabel, { body }),
      transformResponse: (answer: { label: MailLabel }) => answer.label,
      invalidatesTags: ['MailLabels'],
    }),
    mailUpdateLabel: build.mutation<
      MailLabel,
      { labelId: string; name?: string; color?: MailLabelColor }
    >({
      query: (body) => call(e.updateLabel, { body }),
      transformResponse: (answer: { label: MailLabel }) => answer.label,
      invalidatesTags: ['MailLabels'],
    }),
    mailDeleteLabel: build.mutation<unknown, { labelId: string }>({
      query: (body) => call(e.deleteLabel, { body }),
      ...changed,
    }),
    // The list itself is shared with the account's trusted senders (lib/mailboxes-api.ts).
    trustSender: build.mutation<unknown, { address: string }>({
      query: (body) => call(e.trustSender, { body }),
      invalidatesTags: ['MailSenders', 'MailThread'],
    }),
    distrustSender: build.mutation<unknown, { address: string }>({
      query: (body) => call(e.distrustSender, { body }),
      invalidatesTags: ['MailSenders', 'MailThread'],
    }),
  }),
});

export const {
  useMailLabelsQuery,
  useMailsInfiniteQuery,
  useMailThreadQuery,
  useMailStarMutation,
  useMailImportantMutation,
  useMailReadMutation,
  useMailApplyLabelMutation,
  useMailRemoveLabelMutation,
  useMailMoveMutation,
  useMailArchiveMutation,
  useMailTrashMutation,
  useMailDeleteMutation,
  useMailNewLabelMutation,
  useMailUpdateLabelMutation,
  useMailDeleteLabelMutation,
  useTrustSenderMutation,
  useDistrustSenderMutation,
} = mailApi;

/** One of a mail's remote images, fetched by the server (the page loads nothing from elsewhere). */
export async function fetchRemoteImage(mailId: string, url: string): Promise<Blob> {
  const response = await sendRaw(endpointPath(e.remoteImage.path, {}), { query: { mailId, url } });
  return response.blob();
}

/** An attachment's bytes, with the member's token (a link cannot send it). */
export async function fetchMailAttachment(attachmentId: string): Promise<Blob> {
  const response = await sendRaw(endpointPath(e.attachment.path, { attachmentId }));
  return response.blob();
}
