import {
  mailEndpoints,
  templatesEndpoints,
  type EmailTemplate,
  type Mail,
  type Mailbox,
  type MailDomain,
  type NewMailbox,
  type ReplyMail,
  type SendMail,
  type ComposeMail,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';

const MAILBOXES = { type: 'ComposeMailboxes' as const, id: 'LIST' };

/**
 * What compose and the account's mailboxes tab ask of the mail API (record 057) and the
 * contributor panel's templates: the member's mailboxes, templates and snippets, and sending.
 */
export const composeApi = api
  .enhanceEndpoints({ addTagTypes: ['ComposeMailboxes', 'ComposeTemplates', 'MailDomains'] })
  .injectEndpoints({
    endpoints: (build) => ({
      composeMailboxes: build.query<Mailbox[], void>({
        query: () => call(mailEndpoints.mailboxes),
        transformResponse: (answer: { mailboxes: Mailbox[] }) => answer.mailboxes,
        providesTags: [MAILBOXES],
      }),
      composeTemplates: build.query<EmailTemplate[], void>({
        query: () => call(templatesEndpoints.list),
        providesTags: ['ComposeTemplates'],
      }),
      composeMail: build.query<Mail, string>({
        query: (mailId) => call(mailEndpoints.mail, { query: { mailId } }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
      }),
      sendMail: build.mutation<Mail, SendMail>({
        query: (body) => call(mailEndpoints.send, { body }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
      }),
      replyMail: build.mutation<Mail, ReplyMail & { mode: 'reply' | 'forward' }>({
        query: ({ mode, ...body }) =>
          call(mode === 'forward' ? mailEndpoints.forward : mailEndpoints.reply, { body }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
      }),
      saveDraft: build.mutation<Mail, ComposeMail>({
        query: (body) => call(mailEndpoints.saveDraft, { body }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
      }),
      undoSend: build.mutation<Mail, string>({
        query: (mailId) => call(mailEndpoints.undoSend, { body: { mailId } }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
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
    }),
  });

export const {
  useComposeMailboxesQuery,
  useComposeTemplatesQuery,
  useLazyComposeMailQuery,
  useSendMailMutation,
  useReplyMailMutation,
  useSaveDraftMutation,
  useUndoSendMutation,
  useNewMailboxMutation,
  useUpdateMailboxMutation,
  useDeleteMailboxMutation,
  useMailDomainsQuery,
} = composeApi;
