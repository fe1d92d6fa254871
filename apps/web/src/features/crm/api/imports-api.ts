import {
  importJobSchema,
  importsEndpoints,
  type DuplicateMode,
  type ImportEntity,
  type ImportJob,
} from '@beacon/contract';
import { api, call, toApiFailure } from '../../../lib/api.ts';
import { readBody } from '../../../lib/http.ts';
import { parseOrFail, sendRaw } from '../../../lib/raw-request.ts';

/**
 * CSV import (docs/decisions/015): the upload (the file is the body, text/csv: its columns, a
 * preview and a suggested mapping), the start, and the job read while it runs (the dialog polls
 * it until it ends).
 */
export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadImport: build.mutation<
      ImportJob,
      { entity: ImportEntity; file: File | Blob; fileName: string }
    >({
      async queryFn({ entity, file, fileName }) {
        const endpoint = importsEndpoints.upload;
        try {
          const response = await sendRaw(endpoint.path, {
            method: endpoint.method,
            query: { entity, fileName },
            body: file,
            headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
          });
          return {
            data: parseOrFail(importJobSchema, response.status, await readBody(response)),
          };
        } catch (error) {
          return { error: toApiFailure(error, 'uploadImport') };
        }
      },
    }),
    startImport: build.mutation<
      ImportJob,
      {
        id: string;
        body: {
          mapping: Record<string, string | null>;
          duplicateMode: DuplicateMode;
          listId: string | null;
        };
      }
    >({
      query: ({ id, body }) => call(importsEndpoints.start, { params: { id }, body }),
    }),
    importJob: build.query<ImportJob, string>({
      query: (id) => call(importsEndpoints.detail, { params: { id } }),
      // Never served from an older answer: each poll reads the job as it is now.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useUploadImportMutation, useStartImportMutation, useImportJobQuery } = importsApi;
