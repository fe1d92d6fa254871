import { and, eq, sql } from 'drizzle-orm';
import type {
  Company,
  CompanyBulkRequest,
  CompanyDetail,
  CompanyPage,
  CompanyPatch,
  RecordCount,
  newCompanySchema,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { companies, people } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listsOf } from '../lists/lists.repository.ts';
import { runBulk } from '../records/bulk.ts';
import { csvChunks, list, orEmpty, pickColumns, type CsvColumn } from '../records/csv.ts';
import { recordActivities, type ActivityValues } from '../records/activity.ts';
import { checkOwner, display, sameValue, type Caller } from '../records/caller.ts';
import { companiesEntity } from '../records/fields.ts';
import { parseFilters } from '../records/filters.ts';
import {
  countWhere,
  filterWhere,
  finishPage,
  preparePage,
  type ListQuery,
} from '../records/query.ts';
import { companyColumns, getCompany, toCompany } from './companies.repository.ts';

type NewCompanyValues = z.output<typeof newCompanySchema>;

export const companyNotFound = () => notFound('No such company');

const patchFields = [
  'name',
  'domain',
  'industry',
  'size',
  'revenueRange',
  'city',
  'region',
  'country',
  'description',
  'linkedinUrl',
  'ownerId',
  'tags',
] as const;

/** A unique-key violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const domainTaken = (domain: string) =>
  new AppError(409, 'CONFLICT', `A company with the domain ${domain} is already in your workspace`);

export class CompaniesService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, query: ListQuery): Promise<CompanyPage> {
    const prepared = await preparePage(this.db, companiesEntity, caller.workspaceId, query);
    const rows = await this.db
      .select({ ...companyColumns, sortValue: sql<string | null>`${prepared.sortValue}` })
      .from(companies)
      .where(prepared.where)
      .orderBy(...prepared.order)
      .limit(prepared.limit + 1);
    return finishPage(companiesEntity, prepared, rows, toCompany);
  }

  async count(caller: Caller, query: { q?: string; filters?: string }): Promise<RecordCount> {
    const where = await filterWhere(
      this.db,
      companiesEntity,
      caller.workspaceId,
      parseFilters(query.filters),
      query.q,
    );
    return countWhere(this.db, companiesEntity, where);
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
    return { company, lists: await listsOf(this.db, caller.workspaceId, 'companies', id) };
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
        const wanted: Record<string, unknown> = { ...patch };
        if (patch.tags) wanted.tags = [...new Set(patch.tags)];
        const next: Record<string, unknown> = {};
        const changes: ActivityValues[] = [];
        for (const field of patchFields) {
          if (wanted[field] === undefined || sameValue(old[field], wanted[field])) continue;
          next[field] = wanted[field];
          changes.push({
            kind: 'field_changed',
            field,
            oldValue: display(old[field]),
            newValue: display(wanted[field]),
          });
        }
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

  async bulk(caller: Caller, request: CompanyBulkRequest) {
    return runBulk(this.db, companiesEntity, caller, request);
  }

  /** The whole filtered view as CSV chunks; a bad filter is refused before anything is sent. */
  async exportCsv(
    caller: Caller,
    query: { q?: string; filters?: string; sort?: string; columns?: string },
  ): Promise<AsyncIterable<string>> {
    const columns = pickColumns(companyCsvColumns, query.columns);
    const pageQuery = { q: query.q, filters: query.filters, sort: query.sort, limit: 1000 };
    const first = await this.list(caller, pageQuery);
    const next = (cursor: string) => this.list(caller, { ...pageQuery, cursor });
    async function* pages() {
      let page = first;
      yield page.items;
      while (page.nextCursor) {
        page = await next(page.nextCursor);
        yield page.items;
      }
    }
    return csvChunks(columns, pages());
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Its people stay, unlinked (the foreign key sets company_id to null); clear their copy of the name.
      await tx
        .update(people)
        .set({ companyName: '' })
        .where(and(eq(people.workspaceId, caller.workspaceId), eq(people.companyId, id)));
      const [row] = await tx
        .delete(companies)
        .where(and(eq(companies.workspaceId, caller.workspaceId), eq(companies.id, id)))
        .returning({ id: companies.id });
      if (!row) throw companyNotFound();
    });
  }
}

const subject = (id: string) => ({ type: 'company' as const, id });

const companyCsvColumns: CsvColumn<Company>[] = [
  { name: 'id', value: (c) => c.id },
  { name: 'name', value: (c) => c.name },
  { name: 'domain', value: (c) => c.domain },
  { name: 'industry', value: (c) => c.industry },
  { name: 'size', value: (c) => orEmpty(c.size) },
  { name: 'revenueRange', value: (c) => orEmpty(c.revenueRange) },
  { name: 'city', value: (c) => c.city },
  { name: 'region', value: (c) => c.region },
  { name: 'country', value: (c) => c.country },
  { name: 'description', value: (c) => c.description },
  { name: 'linkedinUrl', value: (c) => c.linkedinUrl },
  { name: 'ownerId', value: (c) => orEmpty(c.ownerId) },
  { name: 'tags', value: (c) => list(c.tags) },
  { name: 'peopleCount', value: (c) => String(c.peopleCount) },
  { name: 'createdAt', value: (c) => c.createdAt },
  { name: 'updatedAt', value: (c) => c.updatedAt },
  { name: 'lastActivityAt', value: (c) => c.lastActivityAt },
];
