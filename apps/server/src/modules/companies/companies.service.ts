import { and, eq, sql } from 'drizzle-orm';
import { recordDeletion } from '../audit/audit.repository.ts';
import {
  companyFields,
  type Company,
  type CompanyBulkRequest,
  type CompanyDetail,
  type CompanyPatch,
  type newCompanySchema,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { companies, deals, people } from '../../db/schema/index.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { companyCsvColumns, contactsCsvContext } from '../imports/contacts-csv.ts';
import { listsOf } from '../lists/lists.repository.ts';
import { recordActivities } from '../../lib/records/activity.ts';
import {
  changedFields,
  checkOwner,
  checkUnchanged,
  type Caller,
} from '../../lib/records/caller.ts';
import { companiesEntity } from './companies.entity.ts';
import { RecordService } from '../../lib/records/record-module.ts';
import { companyColumns, getCompany, toCompany, type CompanyRow } from './companies.repository.ts';

type NewCompanyValues = z.output<typeof newCompanySchema>;

export const companyNotFound = () => notFound('No such company');

/** The fields a patch may carry, in the contract's order (`CompanyPatch` is them, each optional). */
const patchFields = Object.keys(companyFields) as (keyof typeof companyFields)[];

const domainTaken = (domain: string) =>
  new AppError('CONFLICT', `A company with the domain ${domain} is already in your workspace`);

export class CompaniesService extends RecordService<CompanyRow, Company, CompanyBulkRequest> {
  constructor(db: Database) {
    super(db, {
      entity: companiesEntity,
      table: companies,
      columns: companyColumns,
      toItem: toCompany,
      csvColumns: companyCsvColumns,
      csvContext: contactsCsvContext,
    });
  }

  async create(caller: Caller, input: NewCompanyValues): Promise<Company> {
    await checkOwner(this.db, caller, input.ownerId);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companies)
          .values({ workspaceId: caller.workspaceId, ...input, tags: [...new Set(input.tags)] })
          .returning(companyColumns);
        await recordActivities(tx, caller.workspaceId, caller.userId, subject(row!.id), [
          { kind: 'created' },
        ]);
        return (await getCompany(tx, caller.workspaceId, row!.id))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw domainTaken(input.domain);
      throw error;
    }
  }

  async detail(caller: Caller, id: string): Promise<CompanyDetail> {
    const company = await getCompany(this.db, caller.workspaceId, id);
    if (!company) throw companyNotFound();
    return { company, lists: await listsOf(this.db, caller, 'companies', id) };
  }

  async patch(caller: Caller, id: string, patch: CompanyPatch): Promise<Company> {
    if (patch.ownerId !== undefined) await checkOwner(this.db, caller, patch.ownerId);
    try {
      return await this.db.transaction(async (tx) => {
        const [old] = await tx
          .select(companyColumns)
          .from(companies)
          .where(and(eq(companies.workspaceId, caller.workspaceId), eq(companies.id, id)))
          .for('update');
        if (!old) throw companyNotFound();
        checkUnchanged(old.updatedAt, patch.expectedUpdatedAt, 'company');
        const wanted: Record<string, unknown> = { ...patch };
        if (patch.tags) wanted.tags = [...new Set(patch.tags)];
        const { next, changes } = changedFields(patchFields, old, wanted);
        if (changes.length > 0) {
          await tx
            .update(companies)
            .set({ ...next, updatedAt: sql`now()` })
            .where(eq(companies.id, id));
          if (typeof next.name === 'string') {
            // People carry their company's name for sorting and search: keep it in step.
            await tx
              .update(people)
              .set({ companyName: next.name })
              .where(and(eq(people.workspaceId, caller.workspaceId), eq(people.companyId, id)));
            await tx
              .update(deals)
              .set({ companyName: next.name })
              .where(and(eq(deals.workspaceId, caller.workspaceId), eq(deals.companyId, id)));
          }
          await recordActivities(tx, caller.workspaceId, caller.userId, subject(id), changes);
        }
        return (await getCompany(tx, caller.workspaceId, id))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw domainTaken(patch.domain ?? '');
      throw error;
    }
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Its people stay, unlinked (the foreign key sets company_id to null); clear their copy of the name.
      await tx
        .update(people)
        .set({ companyName: '' })
        .where(and(eq(people.workspaceId, caller.workspaceId), eq(people.companyId, id)));
      await tx
        .update(deals)
        .set({ companyName: '' })
        .where(and(eq(deals.workspaceId, caller.workspaceId), eq(deals.companyId, id)));
      const [row] = await tx
        .delete(companies)
        .where(and(eq(companies.workspaceId, caller.workspaceId), eq(companies.id, id)))
        .returning({ id: companies.id });
      if (!row) throw companyNotFound();
      await recordDeletion(tx, caller, 'companies', id);
    });
  }
}

const subject = (id: string) => ({ type: 'company' as const, id });
