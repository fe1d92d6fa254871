import {
  fileItemAnswerSchema,
  fileStreamSchema,
  filesEndpoints,
  type FileChange,
  type FileDetails,
  type FileItem,
  type FileLink,
  type FilePage,
  type FilesQuery,
  type FileShare,
  type FileUsage,
  type FileVisibility,
  type NewFileFolder,
  type NewFileLink,
  type NewFileShare,
  type PublicFile,
} from '@beacon/contract';
import { endpointPath } from '@beacon/contract/endpoint';
import { api, call, lazyEndpoint } from '../../../lib/api.ts';
import { apiBaseUrl, readBody } from '../../../lib/http.ts';
import { parseOrFail, sendRaw } from '../../../lib/raw-request.ts';

const endpoints = filesEndpoints;

/** A list's arguments without the cursor (the page param). */
export type FilesListArg = Omit<FilesQuery, 'cursor' | 'limit'>;

const TAGS = ['Files', 'FileDetails', 'FileUsage', 'FileShares', 'FileLinks'] as const;

/**
 * The files manager's server data (docs/adding-an-area.md, "Web data"): a folder's (or a view's)
 * keyset pages, the details of an item, its shares and links, the storage dashboard. Every change
 * refreshes the lists and the dashboard.
 */
export const filesApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    filesList: build.infiniteQuery<FilePage, FilesListArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        call(
          lazyEndpoint('GET', '/api/files', () =>
            import('@beacon/contract').then((c) => c.filesEndpoints.list),
          ),
          { query: { ...queryArg, limit: 60, ...(pageParam ? { cursor: pageParam } : {}) } },
        ),
      providesTags: ['Files'],
    }),
    filesUsage: build.query<FileUsage, void>({
      query: () =>
        call(
          lazyEndpoint('GET', '/api/files/usage', () =>
            import('@beacon/contract').then((c) => c.filesEndpoints.usage),
          ),
        ),
      providesTags: ['FileUsage'],
    }),
    filesDetails: build.query<FileDetails, string>({
      query: (id) => call(endpoints.details, { params: { id } }),
      providesTags: (_answer, _error, id) => [{ type: 'FileDetails', id }],
    }),
    filesNewFolder: build.mutation<FileItem, NewFileFolder>({
      query: (body) => call(endpoints.newFolder, { body }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileUsage'],
    }),
    filesChange: build.mutation<FileItem, { id: string } & FileChange>({
      query: ({ id, ...body }) => call(endpoints.change, { params: { id }, body }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileDetails', 'FileUsage'],
    }),
    filesMove: build.mutation<FileItem, { id: string; folderId: string | null }>({
      query: ({ id, folderId }) => call(endpoints.move, { params: { id }, body: { folderId } }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileDetails', 'FileUsage'],
    }),
    filesCopy: build.mutation<FileItem, { id: string; folderId: string | null }>({
      query: ({ id, folderId }) => call(endpoints.copy, { params: { id }, body: { folderId } }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileDetails', 'FileUsage'],
    }),
    filesStar: build.mutation<FileItem, { id: string; starred: boolean }>({
      query: ({ id, starred }) => call(endpoints.star, { params: { id }, body: { starred } }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileDetails', 'FileUsage'],
    }),
    filesTrash: build.mutation<FileItem, string>({
      query: (id) => call(endpoints.trash, { params: { id } }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileDetails', 'FileUsage'],
    }),
    filesRestore: build.mutation<FileItem, string>({
      query: (id) => call(endpoints.restore, { params: { id } }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileDetails', 'FileUsage'],
    }),
    filesRemove: build.mutation<void, string>({
      query: (id) => call(endpoints.remove, { params: { id } }),
      invalidatesTags: ['Files', 'FileUsage'],
    }),
    filesEmptyTrash: build.mutation<{ removed: number }, void>({
      query: () => call(endpoints.emptyTrash),
      invalidatesTags: ['Files', 'FileUsage'],
    }),
    filesFromUpload: build.mutation<
      FileItem,
      { uploadId: string; folderId: string | null; name?: string; visibility?: FileVisibility }
    >({
      query: (body) => call(endpoints.fromUpload, { body }),
      transformResponse: (answer: { item: FileItem }) => answer.item,
      invalidatesTags: ['Files', 'FileUsage'],
    }),
    filesShares: build.query<FileShare[], string>({
      query: (id) => call(endpoints.shares, { params: { id } }),
      transformResponse: (answer: { shares: FileShare[] }) => answer.shares,
      providesTags: (_answer, _error, id) => [{ type: 'FileShares', id }],
    }),
    filesShare: build.mutation<FileShare[], { id: string } & NewFileShare>({
      query: ({ id, ...body }) => call(endpoints.share, { params: { id }, body }),
      transformResponse: (answer: { shares: FileShare[] }) => answer.shares,
      invalidatesTags: (_answer, _error, { id }) => [
        { type: 'FileShares', id },
        { type: 'FileDetails', id },
      ],
    }),
    filesUnshare: build.mutation<void, { id: string; userId: string }>({
      query: (params) => call(endpoints.unshare, { params }),
      invalidatesTags: (_answer, _error, { id }) => [
        { type: 'FileShares', id },
        { type: 'FileDetails', id },
      ],
    }),
    filesLinks: build.query<FileLink[], string>({
      query: (id) => call(endpoints.links, { params: { id } }),
      transformResponse: (answer: { links: FileLink[] }) => answer.links,
      providesTags: (_answer, _error, id) => [{ type: 'FileLinks', id }],
    }),
    filesNewLink: build.mutation<FileLink, { id: string } & NewFileLink>({
      query: ({ id, ...body }) => call(endpoints.newLink, { params: { id }, body }),
      transformResponse: (answer: { link: FileLink }) => answer.link,
      invalidatesTags: (_answer, _error, { id }) => [
        { type: 'FileLinks', id },
        { type: 'FileDetails', id },
      ],
    }),
    filesRevokeLink: build.mutation<void, { itemId: string; linkId: string }>({
      query: ({ linkId }) => call(endpoints.revokeLink, { params: { linkId } }),
      invalidatesTags: (_answer, _error, { itemId }) => [
        { type: 'FileLinks', id: itemId },
        { type: 'FileDetails', id: itemId },
      ],
    }),
  }),
});

export const {
  useFilesListInfiniteQuery,
  useFilesUsageQuery,
  useFilesDetailsQuery,
  useFilesNewFolderMutation,
  useFilesChangeMutation,
  useFilesMoveMutation,
  useFilesCopyMutation,
  useFilesStarMutation,
  useFilesTrashMutation,
  useFilesRestoreMutation,
  useFilesRemoveMutation,
  useFilesEmptyTrashMutation,
  useFilesFromUploadMutation,
  useFilesSharesQuery,
  useFilesShareMutation,
  useFilesUnshareMutation,
  useFilesLinksQuery,
  useFilesNewLinkMutation,
  useFilesRevokeLinkMutation,
} = filesApi;

/** A file's bytes (the address needs the bearer header, which an `<img>` cannot send). */
export async function fetchFileContent(id: string, inline = true): Promise<Blob> {
  const response = await sendRaw(endpointPath(endpoints.content.path, { id }), {
    query: { disposition: inline ? 'inline' : 'attachment' },
  });
  return response.blob();
}

/**
 * A short-lived address of a file's bytes for `<audio>` and `<video>` (which send no header): the
 * player then asks for the ranges it needs as it plays and seeks, rather than the whole file.
 */
export async function fetchStreamUrl(id: string): Promise<string> {
  const response = await sendRaw(endpointPath(endpoints.streamUrl.path, { id }));
  const { url } = parseOrFail(fileStreamSchema, response.status, await readBody(response));
  return `${apiBaseUrl()}${url}`;
}

/** A small file sent in one request (no resume): the plain upload. */
export async function uploadPlain(
  file: Blob,
  input: { name: string; folderId: string | null; visibility?: FileVisibility },
): Promise<FileItem> {
  const response = await sendRaw(endpoints.upload.path, {
    method: 'POST',
    query: { name: input.name, folderId: input.folderId, visibility: input.visibility },
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  });
  return parseOrFail(fileItemAnswerSchema, response.status, await readBody(response)).item;
}

/** What a public link opens (signed out). */
export async function fetchPublicFile(token: string, grant: string | null): Promise<PublicFile> {
  const response = await sendRaw(endpointPath(endpoints.publicInfo.path, { token }), {
    query: { grant },
  });
  return (await readBody(response)) as PublicFile;
}

export async function unlockPublicFile(token: string, password: string): Promise<string> {
  const response = await sendRaw(endpointPath(endpoints.publicUnlock.path, { token }), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  return ((await readBody(response)) as { grant: string }).grant;
}

/** The address of a public link's content (no header needed: the token is the credential). */
export function publicContentUrl(token: string, grant: string | null, inline: boolean): string {
  const query = new URLSearchParams({ disposition: inline ? 'inline' : 'attachment' });
  if (grant) query.set('grant', grant);
  return `${endpointPath(endpoints.publicContent.path, { token })}?${query}`;
}
