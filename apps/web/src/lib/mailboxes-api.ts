import {
  accountEndpoints,
  mailEndpoints,
  type Account,
  type Mailbox,
  type MailDomain,
  type NewMailbox,
} from '@beacon/contract';
import { api, call } from './api.ts';

const MAILBOXES = { type: 'Mailboxes' as const, id: 'LIST' };

/**
 * The mailboxes the member reads (their own and the shared ones) and the workspace's mail
 * domains (record 057), shared by the mail app and its compose windows (features/mail) and the
 * account's Mailboxes tab (features/account), and the
 * account's signature that compose falls back on. Shared code, so that neither feature imports
 * the other (scripts/check-imports.mjs).
 */
export const mailboxesApi = api
  .enhanceEndpoints({ addTagTypes: ['Mailboxes', 'MailDomains', 'Account'] })
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
} = mailboxesApi;
