import {
  mailEndpoints,
  templatesEndpoints,
  type EmailTemplate,
  type Mail,
  type ReplyMail,
  type SendMail,
  type SaveDraft,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';

/**
 * What compose asks of the mail API (record 057) and the contributor panel's templates:
 * templates and snippets, the mail answered, and sending.
 */
export const composeApi = api
  .enhanceEndpoints({ addTagTypes: ['ComposeTemplates'] })
  .injectEndpoints({
    endpoints: (build) => ({
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
      saveDraft: build.mutation<Mail, SaveDraft>({
        query: (body) => call(mailEndpoints.saveDraft, { body }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
      }),
      undoSend: build.mutation<Mail, string>({
        query: (mailId) => call(mailEndpoints.undoSend, { body: { mailId } }),
        transformResponse: (answer: { mail: Mail }) => answer.mail,
      }),
    }),
  });

export const {
  useComposeTemplatesQuery,
  useLazyComposeMailQuery,
  useSendMailMutation,
  useReplyMailMutation,
  useSaveDraftMutation,
  useUndoSendMutation,
} = composeApi;

// The member's mailboxes and the workspace's domains are shared with the account's Mailboxes tab
// (lib/mailboxes-api.ts).
export { useMemberMailboxesQuery, useAccountSignatureQuery } from '../../../lib/mailboxes-api.ts';
