import { filesEndpoints, type FilePage } from '@beacon/contract';
import { api, call } from '../../lib/api.ts';

/** What the picker's "From files" tab lists: a folder's files and folders, or a search. */
export interface PickerFilesArg {
  /** The folder shown; null: the root. Ignored while searching (every folder is searched). */
  folderId: string | null;
  /** Part of a name: searches every folder the member sees. */
  q: string;
}

/**
 * The files manager's items as the shared file picker browses them (`GET /api/files`): the
 * member's visible files and folders, outside the trash, one keyset page at a time. Another
 * area's picker cannot use the files feature's calls (features never share code), so it asks for
 * them here; the files manager's changes refresh it (`Files`).
 */
export const pickerApi = api.enhanceEndpoints({ addTagTypes: ['Files'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadPickerFiles: build.infiniteQuery<FilePage, PickerFilesArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        call(filesEndpoints.list, {
          query: {
            view: 'folder',
            sort: 'name',
            limit: 50,
            ...(queryArg.q
              ? { q: queryArg.q }
              : queryArg.folderId
                ? { folderId: queryArg.folderId }
                : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
      providesTags: ['Files'],
    }),
  }),
});

export const { useUploadPickerFilesInfiniteQuery } = pickerApi;
