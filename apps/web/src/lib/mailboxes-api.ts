import {
  accountEndpoints,
  mailEndpoints,
  mailImapEndpoints,
  type Account,
  type Mailbox,
  type MailDomain,
  type MailTrustedSender,
  type NewMailbox,
} from '@beacon/contract';
import { api, call } from './api.ts';
import { followRealtime } from './api-live.ts';

const MAILBOXES = { type: 'Mailboxes' as const, id: 'LIST' };

type Lifecycle = {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  dispatch: (action: unknown) => unknown;
};

/** The trusted senders read again when the member's list changes elsewhere (or after a break). */
async function liveSenders(lifecycle: Lifecycle) {
  const stale = () => lifecycle.dispatch(mailboxesApi.util.invalidateTags(['MailSenders']));
  await followRealtime(lifecycle, {
    types: ['mail.senders.changed'],
    onMessage: stale,
    onReconnect: stale,
  });
}

/**
 * The mailboxes the member reads (their own and the shared ones), steering a connected one's
 * sync, the member's trusted senders, and the workspace's mail domains (records 057–059, 064), shared by the mail app and its compose windows (features/mail) and the
 * account's Mailboxes tab (features/account), and the
 * account's signature that compose falls back on. Shared code, so that neither feature imports
 * the other (scripts/check-imports.mjs).
 */
export const mailboxesApi = api
  // `MailSenders` and `MailThread` are the mail app's tags too (features/mail/api/mail-api.ts):
  // a sender removed here shows their images held back in an open thread as well.
  .enhanceEndpoints({
    addTagTypes: ['Mailboxes', 'MailDomains', 'Account', 'MailSenders', 'MailThread'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      memberMailboxes: build.query<Mailbox[], void>({
        query: () => call(mailEndpoints.mailboxes),
        transformResponse: (answer: { mailboxes: Mailbox[] }) => answer.mailboxes,
        providesTags: [MAILBOXES],
      }),
      newMailbox: build.mutation<Mailbox, NewMailbox>({
        query: (body) => call(mailEndpoints.newMailbox, { body }),
        transformResponse: (answer: { mailbox: Mailbox }) => answer.mailbox,
        invalidatesTags: [MAILBOXES],
      }),
      updateMailbox: build.mutation<
        Mailbox,
        { mailboxId: string; displayName?: string; shared?: boolean; signature?: string }
      >({
        query: (body) => call(mailEndpoints.updateMailbox, { body }),
        transformResponse: (answer: { mailbox: Mailbox }) => answer.mailbox,
        invalidatesTags: [MAILBOXES],
      }),
      deleteMailbox: build.mutation<null, string>({
        query: (mailboxId) => call(mailEndpoints.deleteMailbox, { body: { mailboxId } }),
        invalidatesTags: [MAILBOXES],
      }),
      /** Pause a connected mailbox's sync (its owner's or an admin's; record 058). */
      pauseMailbox: build.mutation<unknown, string>({
        query: (mailboxId) => call(mailImapEndpoints.pause, { body: { mailboxId } }),
        invalidatesTags: [MAILBOXES],
      }),
      resumeMailbox: build.mutation<unknown, string>({
        query: (mailboxId) => call(mailImapEndpoints.resume, { body: { mailboxId } }),
        invalidatesTags: [MAILBOXES],
      }),
      /** The password given again (checked by logging in; the sync resumes). Never read back. */
      reconnectMailbox: build.mutation<Mailbox, { mailboxId: string; password: string }>({
        query: (body) => call(mailImapEndpoints.connection, { body }),
        transformResponse: (answer: { mailbox: Mailbox }) => answer.mailbox,
        invalidatesTags: [MAILBOXES],
      }),
      /**
       * The senders whose remote images the member lets load (record 059): their own list, kept
       * live (another tab trusting a sender in the mail app).
       */
      trustedSenders: build.query<MailTrustedSender[], void>({
        query: () => call(mailEndpoints.trustedSenders),
        transformResponse: (answer: { senders: MailTrustedSender[] }) => answer.senders,
        providesTags: ['MailSenders'],
        onCacheEntryAdded: (_arg, lifecycle) => liveSenders(lifecycle),
      }),
      deleteTrustedSender: build.mutation<null, string>({
        query: (senderId) => call(mailEndpoints.deleteTrustedSender, { body: { senderId } }),
        invalidatesTags: ['MailSenders', 'MailThread'],
      }),
      mailDomains: build.query<MailDomain[], void>({
        query: () => call(mailEndpoints.domains),
        transformResponse: (answer: { domains: MailDomain[] }) => answer.domains,
        providesTags: ['MailDomains'],
      }),
      /** The account's signature (GET /api/account; the account page's changes refresh it). */
      accountSignature: build.query<string, void>({
        query: () => call(accountEndpoints.get),
        transformResponse: (answer: Account) => answer.emailSignature,
        providesTags: ['Account'],
      }),
    }),
  });

export const {
  useMemberMailboxesQuery,
  useNewMailboxMutation,
  useUpdateMailboxMutation,
  useDeleteMailboxMutation,
  useMailDomainsQuery,
  useAccountSignatureQuery,
  usePauseMailboxMutation,
  useResumeMailboxMutation,
  useReconnectMailboxMutation,
  useTrustedSendersQuery,
  useDeleteTrustedSenderMutation,
} = mailboxesApi;
