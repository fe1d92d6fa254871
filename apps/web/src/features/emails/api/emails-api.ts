import {
  conversationsEndpoints,
  emailsEndpoints,
  mailEndpoints,
  peopleEndpoints,
  type Conversation,
  type ConversationCounts,
  type ConversationCountsQuery,
  type ConversationPage,
  type ConversationPatch,
  type ConversationsQuery,
  type EmailActivityPage,
  type EmailDetail,
  type EmailsQuery,
  type Mail,
  type PersonDetail,
  type PersonStage,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import { followRealtime } from '../../../lib/api-live.ts';

type Query = Record<string, string | number | boolean | undefined>;

const CONVERSATIONS = { type: 'Conversations' as const, id: 'LIST' };
const EMAILS = { type: 'Emails' as const, id: 'LIST' };

/**
 * Keeps an entry live: a new or changed conversation (a reply arrived, a colleague re-sorted),
 * a mail of a mailbox the member reads, or a CRM change, and every reconnect, reads it again.
 */
function live(tags: { type: 'Conversations' | 'Emails' | 'ConversationPerson'; id: string }[]) {
  return async (
    _arg: unknown,
    lifecycle: {
      cacheDataLoaded: Promise<unknown>;
      cacheEntryRemoved: Promise<unknown>;
      dispatch: (action: unknown) => unknown;
    },
  ) => {
    const again = () => lifecycle.dispatch(emailsApi.util.invalidateTags(tags));
    await followRealtime(lifecycle, {
      types: ['conversations.changed', 'mail.received', 'mail.changed', 'crm.changed'],
      onMessage: again,
      onReconnect: again,
    });
  };
}

/**
 * The conversations inbox and the e-mails page (docs/decisions/061-conversations.md), with the
 * person and message they show beside a reply, and the seller's actions on them.
 */
export const emailsApi = api
  .enhanceEndpoints({ addTagTypes: ['Conversations', 'Emails', 'ConversationPerson'] })
  .injectEndpoints({
    endpoints: (build) => ({
      conversations: build.infiniteQuery<ConversationPage, ConversationsQuery, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) =>
          call(conversationsEndpoints.list, {
            query: { ...(queryArg as Query), ...(pageParam ? { cursor: pageParam } : {}) },
          }),
        providesTags: [CONVERSATIONS],
        onCacheEntryAdded: (arg, lifecycle) => live([CONVERSATIONS])(arg, lifecycle),
      }),
      conversationCounts: build.query<ConversationCounts, ConversationCountsQuery>({
        query: (query) => call(conversationsEndpoints.counts, { query: query as Query }),
        providesTags: [CONVERSATIONS],
        onCacheEntryAdded: (arg, lifecycle) => live([CONVERSATIONS])(arg, lifecycle),
      }),
      patchConversation: build.mutation<Conversation, { id: string; patch: ConversationPatch }>({
        query: ({ id, patch }) =>
          call(conversationsEndpoints.patch, { params: { id }, body: patch }),
        invalidatesTags: [CONVERSATIONS, EMAILS, { type: 'ConversationPerson', id: 'ANY' }],
      }),
      /** The person beside a reply: their facts, company and stage. */
      conversationPerson: build.query<PersonDetail, string>({
        query: (id) => call(peopleEndpoints.detail, { params: { id } }),
        providesTags: (_data, _error, id) => [
          { type: 'ConversationPerson', id },
          { type: 'ConversationPerson', id: 'ANY' },
        ],
        onCacheEntryAdded: (arg, lifecycle) =>
          live([{ type: 'ConversationPerson', id: arg }])(arg, lifecycle),
      }),
      setConversationPersonStage: build.mutation<unknown, { id: string; stage: PersonStage }>({
        query: ({ id, stage }) => call(peopleEndpoints.patch, { params: { id }, body: { stage } }),
        invalidatesTags: (_data, _error, { id }) => [
          { type: 'ConversationPerson', id },
          CONVERSATIONS,
        ],
      }),
      /** A message, as the mail API answers it (the reply, or an e-mail of the page). */
      emailMessage: build.query<{ mail: Mail }, string>({
        query: (mailId) => call(mailEndpoints.mail, { query: { mailId } }),
      }),
      emails: build.infiniteQuery<EmailActivityPage, EmailsQuery, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) =>
          call(emailsEndpoints.list, {
            query: { ...(queryArg as Query), ...(pageParam ? { cursor: pageParam } : {}) },
          }),
        providesTags: [EMAILS],
        onCacheEntryAdded: (arg, lifecycle) => live([EMAILS])(arg, lifecycle),
      }),
      emailDetail: build.query<EmailDetail, string>({
        query: (id) => call(emailsEndpoints.get, { params: { id } }),
        providesTags: (_data, _error, id) => [{ type: 'Emails', id }],
      }),
    }),
  });

export const {
  useConversationsInfiniteQuery,
  useConversationCountsQuery,
  usePatchConversationMutation,
  useConversationPersonQuery,
  useSetConversationPersonStageMutation,
  useEmailMessageQuery,
  useEmailsInfiniteQuery,
  useEmailDetailQuery,
} = emailsApi;
