import {
  auditEndpoints,
  workspaceEndpoints,
  type AuditFilter,
  type AuditPage,
  type WorkspacePatch,
  type WorkspaceSettings,
  workspaceSettingsSchema,
} from '@beacon/contract';
import { api, call, toApiFailure, type ApiFailure } from '../../../lib/api.ts';
import { fileNameOf, parseOrFail, sendRaw } from '../../../lib/raw-request.ts';

/** The admin panel's calls: the workspace's settings and logo, and the audit log. */
export const adminApi = api
  .enhanceEndpoints({ addTagTypes: ['Workspace', 'Audit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      workspaceSettings: build.query<WorkspaceSettings, void>({
        query: () => call(workspaceEndpoints.get),
        providesTags: ['Workspace'],
      }),
      workspacePatch: build.mutation<WorkspaceSettings, WorkspacePatch>({
        query: (body) => call(workspaceEndpoints.patch, { body }),
        invalidatesTags: ['Audit'],
        async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('workspaceSettings', undefined, data));
        },
      }),
      /** The logo is the file's bytes (not JSON): sent raw, the answer checked by the contract. */
      workspaceLogoUpload: build.mutation<WorkspaceSettings, Blob>({
        async queryFn(file) {
          const endpoint = workspaceEndpoints.uploadLogo;
          try {
            const response = await sendRaw(endpoint.path, {
              method: endpoint.method,
              body: file,
              headers: { 'Content-Type': 'application/octet-stream' },
            });
            return {
              data: parseOrFail(workspaceSettingsSchema, response.status, await response.json()),
            };
          } catch (error) {
            return { error: toApiFailure(error, 'workspaceLogoUpload') as ApiFailure };
          }
        },
        invalidatesTags: ['Audit'],
        async onQueryStarted(_file, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('workspaceSettings', undefined, data));
        },
      }),
      workspaceLogoRemove: build.mutation<WorkspaceSettings, void>({
        query: () => call(workspaceEndpoints.removeLogo),
        invalidatesTags: ['Audit'],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('workspaceSettings', undefined, data));
        },
      }),
      auditLog: build.infiniteQuery<AuditPage, AuditFilter, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) =>
          call(auditEndpoints.list, {
            query: { ...queryArg, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) },
          }),
        providesTags: ['Audit'],
      }),
    }),
  });

export const {
  useWorkspaceSettingsQuery,
  useWorkspacePatchMutation,
  useWorkspaceLogoUploadMutation,
  useWorkspaceLogoRemoveMutation,
  useAuditLogInfiniteQuery,
} = adminApi;

/** The filtered audit log as a CSV file, for the browser to save. */
export async function exportAuditCsv(
  filter: AuditFilter,
): Promise<{ blob: Blob; fileName: string }> {
  const endpoint = auditEndpoints.exportCsv;
  const response = await sendRaw(endpoint.path, {
    method: endpoint.method,
    query: { ...filter },
    headers: { Accept: 'text/csv' },
  });
  return { blob: await response.blob(), fileName: fileNameOf(response, 'audit-log.csv') };
}

/** The logo's image as a blob (the address needs the bearer header, which an `<img>` cannot send). */
export async function fetchLogo(url: string): Promise<Blob> {
  return (await sendRaw(url)).blob();
}
