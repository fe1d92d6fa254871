import {
  accountEndpoints,
  type Account,
  type AccountChange,
  type AccountSessionList,
  type EmailChangeRequest,
  type NotificationPreferences,
  type PasswordChange,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';

/**
 * The signed-in member's own account (`/dashboard/user/account`), through RTK Query: each call
 * is the contract's `accountEndpoints` (docs/decisions/046-account-and-security.md).
 */
export const accountApi = api
  .enhanceEndpoints({ addTagTypes: ['Account', 'AccountSessions', 'NotificationChoices'] })
  .injectEndpoints({
    endpoints: (build) => ({
      account: build.query<Account, void>({
        query: () => call(accountEndpoints.get),
        providesTags: ['Account'],
      }),
      changeAccount: build.mutation<Account, AccountChange>({
        query: (body) => call(accountEndpoints.change, { body }),
        onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(accountApi.util.upsertQueryData('account', undefined, data));
        },
      }),
      changePassword: build.mutation<null, PasswordChange>({
        query: (body) => call(accountEndpoints.changePassword, { body }),
        invalidatesTags: ['AccountSessions'],
      }),
      sessions: build.query<AccountSessionList, void>({
        query: () => call(accountEndpoints.sessions),
        providesTags: ['AccountSessions'],
      }),
      revokeSession: build.mutation<null, string>({
        query: (id) => call(accountEndpoints.revokeSession, { params: { id } }),
        invalidatesTags: ['AccountSessions'],
      }),
      revokeOtherSessions: build.mutation<{ revoked: number }, void>({
        query: () => call(accountEndpoints.revokeOtherSessions),
        invalidatesTags: ['AccountSessions'],
      }),
      twoFactorSetup: build.mutation<TwoFactorSetup, void>({
        query: () => call(accountEndpoints.twoFactorSetup),
      }),
      twoFactorEnable: build.mutation<RecoveryCodes, string>({
        query: (code) => call(accountEndpoints.twoFactorEnable, { body: { code } }),
        invalidatesTags: ['Account'],
      }),
      twoFactorDisable: build.mutation<null, string>({
        query: (password) => call(accountEndpoints.twoFactorDisable, { body: { password } }),
        invalidatesTags: ['Account'],
      }),
      newRecoveryCodes: build.mutation<RecoveryCodes, string>({
        query: (password) => call(accountEndpoints.recoveryCodes, { body: { password } }),
        invalidatesTags: ['Account'],
      }),
      notificationChoices: build.query<NotificationPreferences, void>({
        query: () => call(accountEndpoints.notifications),
        providesTags: ['NotificationChoices'],
      }),
      setNotificationChoices: build.mutation<NotificationPreferences, NotificationPreferences>({
        query: (body) => call(accountEndpoints.setNotifications, { body }),
        onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) {
            dispatch(accountApi.util.upsertQueryData('notificationChoices', undefined, data));
          }
        },
      }),
      changeEmail: build.mutation<{ detail: string }, EmailChangeRequest>({
        query: (body) => call(accountEndpoints.changeEmail, { body }),
        invalidatesTags: ['Account'],
      }),
      confirmEmail: build.mutation<Account, string>({
        query: (token) => call(accountEndpoints.confirmEmail, { body: { token } }),
        invalidatesTags: ['Account'],
      }),
    }),
  });

export const {
  useAccountQuery,
  useChangeAccountMutation,
  useChangePasswordMutation,
  useSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
  useTwoFactorSetupMutation,
  useTwoFactorEnableMutation,
  useTwoFactorDisableMutation,
  useNewRecoveryCodesMutation,
  useNotificationChoicesQuery,
  useSetNotificationChoicesMutation,
  useChangeEmailMutation,
  useConfirmEmailMutation,
} = accountApi;
