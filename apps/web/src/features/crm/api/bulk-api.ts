import {
  companiesEndpoints,
  dealRecordEndpoints,
  peopleEndpoints,
  type BulkResult,
  type CompanyBulkRequest,
  type DealBulkRequest,
  type PersonBulkRequest,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';
import { fileNameOf, sendRaw } from '../../../lib/raw-request.ts';
import {
  recordQueryParams,
  type CrmEntity,
  type DownloadedFile,
  type RecordQueryInput,
} from './record-query.ts';

const endpointsOf = {
  people: peopleEndpoints,
  companies: companiesEndpoints,
  deals: dealRecordEndpoints,
} as const;

/** A bulk action of the table's bar, with the body of its entity's bulk endpoint. */
export type BulkArgs =
  | { entity: 'people'; body: PersonBulkRequest }
  | { entity: 'companies'; body: CompanyBulkRequest }
  | { entity: 'deals'; body: DealBulkRequest };

/**
 * The table's bulk actions (the bar over the selected rows). The table refreshes itself when one
 * is done (the screen's `onDone`), as the lists' counts do through their own tags.
 */
export const bulkApi = api.injectEndpoints({
  endpoints: (build) => ({
    bulkRecords: build.mutation<BulkResult, BulkArgs>({
      query: (args) =>
        args.entity === 'people'
          ? call(endpointsOf.people.bulk, { body: args.body })
          : args.entity === 'companies'
            ? call(endpointsOf.companies.bulk, { body: args.body })
            : call(endpointsOf.deals.bulk, { body: args.body }),
    }),
  }),
});

export const { useBulkRecordsMutation } = bulkApi;

/**
 * The filtered view as a CSV file (method and path from the contract's `exportCsv` endpoint). A
 * file, not data for the store: it is read with `sendRaw` and handed to the caller to save.
 */
export async function exportRecordsCsv(
  entity: CrmEntity,
  query: Omit<RecordQueryInput, 'limit' | 'cursor'> & { columns?: string[] },
): Promise<DownloadedFile> {
  const endpoint = endpointsOf[entity].exportCsv;
  const response = await sendRaw(endpoint.path, {
    method: endpoint.method,
    query: recordQueryParams(query),
    headers: { Accept: 'text/csv' },
  });
  return { blob: await response.blob(), fileName: fileNameOf(response, `${entity}.csv`) };
}
