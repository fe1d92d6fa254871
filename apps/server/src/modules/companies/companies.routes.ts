import {
  companyBulkRequestSchema,
  companyDetailSchema,
  companyPageSchema,
  companyPatchSchema,
  companySchema,
  newCompanySchema,
} from '@beacon/contract';
import { companiesEntity } from './companies.entity.ts';
import { recordRoutes } from '../../lib/records/record-module.ts';

export const companiesRoutes = recordRoutes({
  entity: companiesEntity,
  schemas: {
    page: companyPageSchema,
    record: companySchema,
    detail: companyDetailSchema,
    create: newCompanySchema,
    patch: companyPatchSchema,
    bulk: companyBulkRequestSchema,
  },
  summaries: {
    create: 'Add a company (its domain must be unique in the workspace)',
    detail: 'A company, with its lists',
    remove: 'Delete a company (its people stay, unlinked)',
  },
  conflicts: true,
});
