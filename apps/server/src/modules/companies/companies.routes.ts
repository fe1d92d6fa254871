import { companiesEndpoints } from '@beacon/contract';
import { companiesEntity } from './companies.entity.ts';
import { recordRoutes } from '../../lib/records/record-module.ts';

export const companiesRoutes = recordRoutes({
  entity: companiesEntity,
  endpoints: companiesEndpoints,
});
