import {
  CRM_CHANGED,
  companySizes,
  personStages,
  revenueRanges,
  seniorities,
  type CrmChange,
  type DuplicateMode,
} from '@beacon/contract';
import { recordAudit } from '../audit/audit.repository.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { companies, people } from '../../db/schema/index.ts';
import { throwIfStopping, type JobHandler } from '../../lib/jobs.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { parseCsv, type CsvRecord } from './csv.ts';
import {
  CellError,
  check,
  companyFields,
  isMultiColumnField,
  parseEnum,
  parseInstant,
  parseSeniority,
  personFields,
  splitList,
  withScheme,
} from './imports.fields.ts';
import { rowsOf, textArray, uuidArray } from '../../lib/records/sql.ts';
import * as repo from './imports.repository.ts';
import { importDeals } from './deals-import.ts';
import {
  cellsOf,
  firstValue,
  ownerOf,
  recordTimeline,
  type BatchOutcome,
  type Context,
} from './import-rows.ts';

export const IMPORT_JOB = 'import.run';
/** Rows written per transaction: a batch commits whole or not at all. */
export const IMPORT_BATCH = 1000;

type Tx = repo.Executor;
type PersonValues = Omit<typeof people.$inferInsert, 'workspaceId'>;
type CompanyValues = Omit<typeof companies.$inferInsert, 'workspaceId'>;

/**
 * Reads the cells of one row into `values`, checked against the contract's rule for each field.
 * Only what the row gives: an empty cell leaves the field out (update mode keeps the old value).
 */
function rowReader<V extends object>(
  cells: Map<string, string>,
  values: Partial<V>,
  rules: Record<string, z.ZodType>,
) {
  const given = (field: string) => {
    const cell = cells.get(field);
    const value = cell === undefined || isMultiColumnField(field) ? cell : firstValue(cell);
    return value === undefined || value === '' ? undefined : value;
  };
  /** The field's cell, turned into the value to check by `parse`, checked and set. */
  const read = (
    field: keyof V & string,
    label: string,
    parse: (cell: string) => unknown = (cell) => cell,
  ) => {
    const value = given(field);
    if (value !== undefined) set(field, check(label, rules[field]!, parse(value)));
  };
  const set = (field: keyof V & string, value: unknown) => {
    (values as Record<string, unknown>)[field] = value;
  };
  return { given, read, set };
}

/** The cells people and companies share, last in both: LinkedIn, tags and the owner. */
function readShared(
  row: ReturnType<
    typeof rowReader<{
      linkedinUrl?: unknown;
      tags?: unknown;
      ownerId?: unknown;
      createdAt?: unknown;
    }>
  >,
  cells: Map<string, string>,
  ctx: Context,
) {
  row.read('linkedinUrl', 'LinkedIn', withScheme);
  // Google's system groups ("* myContacts", "* starred") are not tags.
  row.read('tags', 'Tags', (cell) => splitList(cell).filter((tag) => !tag.startsWith('* ')));
  const owner = ownerOf(cells, ctx);
  if (owner !== undefined) row.set('ownerId', owner);
  const created = row.given('createdAt');
  if (created !== undefined) row.set('createdAt', parseInstant('Created at', created));
}

function personFromCells(cells: Map<string, string>, ctx: Context) {
  const v: Partial<PersonValues> = {};
  const row = rowReader(cells, v, personFields);
  let first = row.given('firstName');
  let last = row.given('lastName');
  const full = row.given('fullName');
  if (full && !first && !last) {
    const parts = full.split(/\s+/);
    first = parts[0];
    last = parts.slice(1).join(' ') || undefined;
  }
  if (first !== undefined) v.firstName = check('First name', personFields.firstName, first);
  if (last !== undefined) v.lastName = check('Last name', personFields.lastName, last);
  // Google writes several e-mails in one cell ("a@x ::: b@y"): the first is the e-mail, the
  // others join the additional ones.
  const emails = splitList((cells.get('email') ?? '').toLowerCase());
  if (emails.length > 1) {
    cells.set('email', emails[0]!);
    const more = cells.get('additionalEmails');
    cells.set('additionalEmails', [...emails.slice(1), ...(more ? [more] : [])].join(' ::: '));
  }
  row.read('email', 'E-mail', (email) => email.toLowerCase());
  row.read('additionalEmails', 'Additional e-mails', (more) =>
    splitList(more.toLowerCase()).filter((e) => e !== v.email),
  );
  row.read('phones', 'Phones', splitList);
  row.read('jobTitle', 'Job title');
  row.read('department', 'Department');
  row.read('city', 'City');
  row.read('region', 'Region');
  row.read('country', 'Country');
  row.read('timeZone', 'Time zone');
  row.read('source', 'Source');
  const timeZone = v.timeZone;
  if (timeZone !== undefined && !isTimeZone(timeZone)) {
    throw new CellError(`Time zone: "${timeZone}" is not an IANA time zone such as Europe/Paris`);
  }
  const seniority = row.given('seniority');
  if (seniority !== undefined) v.seniority = parseSeniority(seniority, seniorities);
  const stage = row.given('stage');
  if (stage !== undefined) v.stage = parseEnum('Stage', stage, personStages) ?? undefined;
  readShared(row, cells, ctx);
  if (!v.firstName && !v.lastName && !v.email) {
    throw new CellError('Give a name or an e-mail');
  }
  const companyName = row.given('companyName');
  const companyDomainCell = row.given('companyDomain');
  const companyDomain =
    companyDomainCell === undefined
      ? undefined
      : check('Company domain', companyFields.domain, companyDomainCell);
  const company =
    companyName || companyDomain
      ? {
          name: companyName ? check('Company', companyFields.name, companyName) : undefined,
          domain: companyDomain || undefined,
        }
      : undefined;
  return { values: v, company };
}

const zones = new Set(
  (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.(
    'timeZone',
  ) ?? [],
);
function isTimeZone(value: string): boolean {
  if (zones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function companyFromCells(cells: Map<string, string>, ctx: Context) {
  const v: Partial<CompanyValues> = {};
  const row = rowReader(cells, v, companyFields);
  const name = row.given('name');
  if (name === undefined) throw new CellError('Name: required');
  v.name = check('Name', companyFields.name, name);
  row.read('domain', 'Domain');
  row.read('industry', 'Industry');
  row.read('city', 'City');
  row.read('region', 'Region');
  row.read('country', 'Country');
  row.read('description', 'Description');
  const size = row.given('size');
  if (size !== undefined) v.size = parseEnum('Size', size, companySizes);
  const revenue = row.given('revenueRange');
  if (revenue !== undefined) v.revenueRange = parseEnum('Revenue', revenue, revenueRanges);
  readShared(row, cells, ctx);
  return v as CompanyValues;
}

/** The workspace's companies with one of the domains or (lower-cased) names, oldest first. */
const companiesNamed = (ctx: Context, domains: string[], names: string[]) =>
  rowsOf<{ id: string; name: string; domain: string }>(
    ctx.tx,
    sql`
      select id, name, domain from companies
      where workspace_id = ${ctx.workspaceId}
        and (domain = any(${textArray(domains)}) or lower(name) = any(${textArray(names)}))
      order by created_at, id`,
  );

async function importPeople(ctx: Context, records: CsvRecord[]): Promise<BatchOutcome> {
  const { tx, workspaceId } = ctx;
  const out: BatchOutcome = { created: 0, updated: 0, skipped: 0, errors: [] };
  type Row = {
    row: number;
    values: Partial<PersonValues>;
    company?: { name?: string; domain?: string };
  };
  const rows: Row[] = [];
  for (const record of records) {
    if (record.error) {
      out.errors.push({ row: record.row, reason: record.error });
      continue;
    }
    try {
      rows.push({ row: record.row, ...personFromCells(cellsOf(record, ctx), ctx) });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      out.errors.push({ row: record.row, reason: error.message });
    }
  }

  // Companies: by domain when the row gives one, else by name; created when missing.
  const companyKey = (c: { name?: string; domain?: string }) =>
    c.domain ? `d:${c.domain}` : `n:${c.name!.toLowerCase()}`;
  const wanted = new Map<string, { name?: string; domain?: string }>();
  for (const r of rows) {
    // The first row that names a company decides its name.
    if (r.company && !wanted.has(companyKey(r.company)))
      wanted.set(companyKey(r.company), r.company);
  }
  const companyIds = new Map<string, { id: string; name: string }>();
  if (wanted.size > 0) {
    const domains = [...wanted.values()].flatMap((c) => (c.domain ? [c.domain] : []));
    const names = [...wanted.values()].flatMap((c) => (c.domain ? [] : [c.name!.toLowerCase()]));
    const found = await companiesNamed(ctx, domains, names);
    for (const c of found) {
      if (c.domain) companyIds.set(`d:${c.domain}`, c);
      if (!companyIds.has(`n:${c.name.toLowerCase()}`))
        companyIds.set(`n:${c.name.toLowerCase()}`, c);
    }
    const missing = [...wanted.entries()].filter(([key]) => !companyIds.has(key));
    if (missing.length > 0) {
      const inserted = await tx
        .insert(companies)
        .values(
          missing.map(([, c]) => ({
            workspaceId,
            name: c.name ?? c.domain!,
            domain: c.domain ?? '',
            ownerId: ctx.actorId,
          })),
        )
        .returning({ id: companies.id, name: companies.name, domain: companies.domain });
      for (const c of inserted) {
        companyIds.set(c.domain ? `d:${c.domain}` : `n:${c.name.toLowerCase()}`, c);
      }
    }
  }
  for (const r of rows) {
    if (!r.company) continue;
    const c = companyIds.get(companyKey(r.company))!;
    r.values.companyId = c.id;
    r.values.companyName = c.name;
  }

  // Duplicates: the same primary e-mail, already in the workspace or earlier in this batch.
  const existing = new Map<string, { id: string; companyId: string | null }>();
  const emails = new Set(rows.flatMap((r) => (r.values.email ? [r.values.email] : [])));
  if (ctx.mode !== 'create' && emails.size > 0) {
    const found = await rowsOf<{ id: string; email: string; company_id: string | null }>(
      tx,
      sql`
        select id, email, company_id from people
        where workspace_id = ${workspaceId} and email = any(${textArray(emails)})
        order by created_at, id`,
    );
    for (const p of found) {
      if (!existing.has(p.email)) existing.set(p.email, { id: p.id, companyId: p.company_id });
    }
  }
  const creates: PersonValues[] = [];
  const pendingByEmail = new Map<string, PersonValues>();
  const updates: { id: string; values: Partial<PersonValues> }[] = [];
  const touchedCompanies = new Set<string>();
  for (const r of rows) {
    const email = r.values.email;
    const found = email && ctx.mode !== 'create' ? existing.get(email) : undefined;
    const pending = email && ctx.mode !== 'create' ? pendingByEmail.get(email) : undefined;
    if (found || pending) {
      if (ctx.mode === 'skip') {
        out.skipped += 1;
      } else if (pending) {
        // A repeat within the batch folds into the record the batch creates.
        Object.assign(pending, r.values, { tags: merge(pending.tags, r.values.tags) });
        out.skipped += 1;
      } else {
        updates.push({ id: found!.id, values: r.values });
        if (found!.companyId) touchedCompanies.add(found!.companyId);
      }
      continue;
    }
    const values: PersonValues = {
      source: 'import',
      ownerId: ctx.actorId,
      ...r.values,
    };
    creates.push(values);
    if (email && ctx.mode !== 'create') pendingByEmail.set(email, values);
  }

  const createdIds: string[] = [];
  if (creates.length > 0) {
    const inserted = await tx
      .insert(people)
      .values(creates.map((v) => ({ ...v, workspaceId })))
      .returning({ id: people.id });
    createdIds.push(...inserted.map((p) => p.id));
    out.created += inserted.length;
  }
  for (const c of creates) if (c.companyId) touchedCompanies.add(c.companyId);
  const updatedIds: string[] = [];
  for (const u of updates) {
    const { tags, ...rest } = u.values;
    await tx
      .update(people)
      .set({
        ...rest,
        ...(tags
          ? {
              tags: sql`(select array(select distinct unnest(${people.tags} || ${textArray(tags)})))`,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(people.workspaceId, workspaceId), eq(people.id, u.id)));
    if (u.values.companyId) touchedCompanies.add(u.values.companyId);
    updatedIds.push(u.id);
    out.updated += 1;
  }

  if (touchedCompanies.size > 0) {
    await tx.execute(sql`
      update companies c set people_count = (select count(*)::int from people p where p.company_id = c.id)
      where c.workspace_id = ${workspaceId} and c.id = any(${uuidArray(touchedCompanies)})`);
  }
  await recordTimeline(ctx, 'person', createdIds, [...createdIds, ...updatedIds]);
  return out;
}

const merge = (a: string[] | undefined, b: string[] | undefined) =>
  a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined;

async function importCompanies(ctx: Context, records: CsvRecord[]): Promise<BatchOutcome> {
  const { tx, workspaceId } = ctx;
  const out: BatchOutcome = { created: 0, updated: 0, skipped: 0, errors: [] };
  const rows: { row: number; values: CompanyValues }[] = [];
  for (const record of records) {
    if (record.error) {
      out.errors.push({ row: record.row, reason: record.error });
      continue;
    }
    try {
      rows.push({ row: record.row, values: companyFromCells(cellsOf(record, ctx), ctx) });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      out.errors.push({ row: record.row, reason: error.message });
    }
  }
  // Duplicates: the same domain; without a domain, the same name.
  const key = (v: CompanyValues) => (v.domain ? `d:${v.domain}` : `n:${v.name.toLowerCase()}`);
  const domains = rows.flatMap((r) => (r.values.domain ? [r.values.domain] : []));
  const names = rows.flatMap((r) => (r.values.domain ? [] : [r.values.name.toLowerCase()]));
  const existing = new Map<string, string>();
  if (rows.length > 0) {
    const found = await companiesNamed(ctx, domains, names);
    for (const c of found) {
      if (c.domain) existing.set(`d:${c.domain}`, c.id);
      if (!existing.has(`n:${c.name.toLowerCase()}`))
        existing.set(`n:${c.name.toLowerCase()}`, c.id);
    }
  }
  const creates: CompanyValues[] = [];
  const pending = new Map<string, CompanyValues>();
  const updates: { id: string; values: CompanyValues }[] = [];
  for (const r of rows) {
    const k = key(r.values);
    const found = existing.get(k);
    const earlier = pending.get(k);
    if (ctx.mode === 'create' && r.values.domain && (found || earlier)) {
      out.errors.push({
        row: r.row,
        reason: `Domain: a company with the domain ${r.values.domain} already exists (domains are unique)`,
      });
      continue;
    }
    if (ctx.mode !== 'create' && (found || earlier)) {
      if (ctx.mode === 'skip' || earlier) {
        if (earlier && ctx.mode === 'update') {
          Object.assign(earlier, r.values, { tags: merge(earlier.tags, r.values.tags) });
        }
        out.skipped += 1;
      } else {
        updates.push({ id: found!, values: r.values });
      }
      continue;
    }
    const values: CompanyValues = { ownerId: ctx.actorId, ...r.values };
    creates.push(values);
    pending.set(k, values);
  }
  const createdIds: string[] = [];
  if (creates.length > 0) {
    const inserted = await tx
      .insert(companies)
      .values(creates.map((v) => ({ ...v, workspaceId })))
      .returning({ id: companies.id });
    createdIds.push(...inserted.map((c) => c.id));
    out.created += inserted.length;
  }
  const updatedIds: string[] = [];
  for (const u of updates) {
    const { tags, name, ...rest } = u.values;
    await tx
      .update(companies)
      .set({
        ...rest,
        name,
        ...(tags
          ? {
              tags: sql`(select array(select distinct unnest(${companies.tags} || ${textArray(tags)})))`,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, u.id)));
    updatedIds.push(u.id);
    out.updated += 1;
  }
  if (updatedIds.length > 0) {
    // A renamed company: the copy of its name on its people follows.
    await tx.execute(sql`
      update people p set company_name = c.name from companies c
      where c.id = any(${uuidArray(updatedIds)}) and p.company_id = c.id and p.company_name <> c.name`);
  }
  await recordTimeline(ctx, 'company', createdIds, [...createdIds, ...updatedIds]);
  return out;
}

/** The job that writes an import's rows, batch by batch, resuming after the last committed one. */
export function importJobHandler(db: Database, realtime: Realtime): JobHandler {
  const publish = (tx: Tx, row: repo.ImportRow) => {
    const { errors: _errors, preview: _preview, ...progress } = repo.toImportJob(row);
    return realtime.publish(tx, row.workspaceId, { type: 'import.progress', data: progress });
  };
  // The records changed: the workspace's open CRM screens read them again (record 019). Sent
  // before the progress message, so the importing tab's own refresh comes after it.
  const announce = (tx: Tx, row: repo.ImportRow) => {
    const data: CrmChange = {
      entity: row.entity,
      id: null,
      by: row.createdBy ?? '',
      origin: null,
    };
    return realtime.publish(tx, row.workspaceId, { type: CRM_CHANGED, data });
  };
  return {
    async run(job) {
      const importId = String(job.payload.importId);
      const imported = await repo.getImportForJob(db, importId);
      if (!imported || !['queued', 'running'].includes(imported.status)) return;
      const { workspaceId } = imported;
      if (imported.status === 'queued') {
        await repo.updateImport(db, workspaceId, importId, { status: 'running' });
      }
      const table = parseCsv(imported.content);
      const members = await repo.memberIdsByEmail(db, workspaceId);
      const list = imported.listId
        ? await repo.findList(db, workspaceId, imported.listId)
        : undefined;
      let index = imported.processedRows;
      while (index < table.records.length) {
        throwIfStopping(job);
        const batch = table.records.slice(index, index + IMPORT_BATCH);
        const stopped = await db.transaction(async (tx) => {
          await job.holdLease(tx);
          const current = await repo.getImport(tx, workspaceId, importId, { lock: true });
          if (!current || current.status !== 'running') return true;
          const ctx: Context = {
            tx,
            workspaceId,
            actorId: imported.createdBy,
            mode: imported.duplicateMode as DuplicateMode,
            mapping: imported.mapping,
            columns: table.header,
            members,
            listId: list?.id ?? null,
            listName: list?.name ?? null,
          };
          const outcome =
            imported.entity === 'people'
              ? await importPeople(ctx, batch)
              : imported.entity === 'deals'
                ? await importDeals(ctx, batch)
                : await importCompanies(ctx, batch);
          const row = await repo.recordBatch(tx, importId, {
            processedRows: index + batch.length,
            ...outcome,
          });
          await publish(tx, row);
          return false;
        });
        if (stopped) return;
        index += batch.length;
      }
      await db.transaction(async (tx) => {
        const current = await repo.getImport(tx, workspaceId, importId, { lock: true });
        if (current?.status !== 'running') return;
        const row = await repo.updateImport(tx, workspaceId, importId, {
          status: 'completed',
          processedRows: table.records.length,
          finishedAt: new Date(),
        });
        if (!row) return;
        await recordAudit(tx, {
          workspaceId,
          actorId: row.createdBy,
          kind: 'records.imported',
          subject: `import:${row.id}`,
          detail: {
            entity: row.entity,
            fileName: row.fileName,
            rows: row.processedRows,
            created: row.created,
            updated: row.updated,
            skipped: row.skipped,
          },
        });
        await announce(tx, row);
        await publish(tx, row);
      });
    },
    async onFailed(job) {
      const importId = String(job.payload.importId);
      const imported = await repo.getImportForJob(db, importId);
      if (!imported || !['queued', 'running'].includes(imported.status)) return;
      await db.transaction(async (tx) => {
        const row = await repo.updateImport(tx, imported.workspaceId, importId, {
          status: 'failed',
          // The cause goes to the log; the user learns where it stopped.
          failure: `The import stopped after an internal error (${job.attempts} attempts). Rows before row ${imported.processedRows + 2} were written.`,
          finishedAt: new Date(),
        });
        if (!row) return;
        // The batches before the failure were written.
        if (row.processedRows > 0) await announce(tx, row);
        await publish(tx, row);
      });
    },
  };
}
