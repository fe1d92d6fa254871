import { sql } from 'drizzle-orm';
import { dealFields, type DealStageKind } from '@beacon/contract';
import { companies, dealPeople, deals, dealStageChanges } from '../../db/schema/index.ts';
import { keyBetween } from '../../lib/positions.ts';
import { rowsOf, textArray } from '../../lib/records/sql.ts';
import { minorUnits } from '../deals/deals.csv.ts';
import type { CsvRecord } from './csv.ts';
import {
  cellsOf,
  firstValue,
  ownerOf,
  recordTimeline,
  type BatchOutcome,
  type Context,
} from './import-rows.ts';
import { CellError, check, companyFields, parseInstant, splitList } from './imports.fields.ts';

// The CSV import of deals (docs/decisions/030-deals.md): every row is a new deal (deals have no
// natural key to match duplicates on), in the pipeline and stage it names by name (the default
// pipeline and its first open stage when it names none), linked to the company it names (made
// when the workspace has none of that domain or name) and to the people whose e-mails it gives.

type Stage = {
  id: string;
  name: string;
  pipelineId: string;
  kind: DealStageKind;
  position: number;
};
type Pipeline = { id: string; name: string; isDefault: boolean; stages: Stage[] };

type DealRow = {
  row: number;
  values: Omit<
    typeof deals.$inferInsert,
    'workspaceId' | 'position' | 'pipelineId' | 'stageId' | 'status'
  >;
  stage: Stage;
  company: { name: string; domain: string } | null;
  emails: string[];
};

const lower = (v: string) => v.trim().toLowerCase();

async function pipelinesOf(ctx: Context): Promise<Pipeline[]> {
  const rows = await rowsOf<{
    pipeline_id: string;
    pipeline_name: string;
    is_default: boolean;
    id: string;
    name: string;
    kind: DealStageKind;
    position: number;
  }>(
    ctx.tx,
    sql`select p.id as pipeline_id, p.name as pipeline_name, p.is_default, s.id, s.name, s.kind, s.position
        from pipelines p join pipeline_stages s on s.pipeline_id = p.id
        where p.workspace_id = ${ctx.workspaceId}
        order by p.position, p.created_at, s.position`,
  );
  const byId = new Map<string, Pipeline>();
  for (const r of rows) {
    const p = byId.get(r.pipeline_id) ?? {
      id: r.pipeline_id,
      name: r.pipeline_name,
      isDefault: r.is_default === true || (r.is_default as unknown) === 't',
      stages: [],
    };
    p.stages.push({
      id: r.id,
      name: r.name,
      pipelineId: r.pipeline_id,
      kind: r.kind,
      position: r.position,
    });
    byId.set(p.id, p);
  }
  return [...byId.values()];
}

function dealFromCells(
  cells: Map<string, string>,
  ctx: Context,
  pipelines: Pipeline[],
  row: number,
): DealRow {
  const given = (field: string) => {
    const cell = cells.get(field);
    const value =
      cell === undefined || field === 'tags' || field === 'personEmail' ? cell : firstValue(cell);
    return value === undefined || value === '' ? undefined : value;
  };
  const name = check('Name', dealFields.name, given('name') ?? '');
  const pipelineName = given('pipelineName');
  const pipeline = pipelineName
    ? pipelines.find((p) => lower(p.name) === lower(pipelineName))
    : (pipelines.find((p) => p.isDefault) ?? pipelines[0]);
  if (!pipeline) throw new CellError(`Pipeline: no pipeline is named "${pipelineName}"`);
  const stageName = given('stageName');
  const stage = stageName
    ? pipeline.stages.find((s) => lower(s.name) === lower(stageName))
    : (pipeline.stages.find((s) => s.kind === 'open') ?? pipeline.stages[0]);
  if (!stage) {
    throw new CellError(
      `Stage: "${stageName}" is not a stage of ${pipeline.name} (${pipeline.stages.map((s) => s.name).join(', ')})`,
    );
  }
  const currency = check('Currency', dealFields.currency, given('currency') ?? 'EUR');
  const amountCell = given('amount');
  const amount = amountCell === undefined ? 0 : minorUnits(amountCell, currency);
  if (amount === null) {
    throw new CellError(
      `Amount: "${amountCell}" is not an amount such as 1234.50 (never negative)`,
    );
  }
  check('Amount', dealFields.amount, amount);
  const closeCell = given('expectedCloseDate');
  const expectedCloseDate =
    closeCell === undefined
      ? null
      : parseInstant('Expected close date', closeCell).toISOString().slice(0, 10);
  const lostReason = check('Lost reason', dealFields.lostReason, given('lostReason') ?? '');
  if (stage.kind === 'lost' && !lostReason) {
    throw new CellError('Lost reason: a deal in a lost stage needs one');
  }
  const owner = ownerOf(cells, ctx);
  const created = given('createdAt');
  const companyName = given('companyName');
  const domainCell = given('companyDomain');
  const domain = domainCell ? check('Company domain', companyFields.domain, domainCell) : '';
  const emails = splitList(given('personEmail') ?? '').map(lower);
  const closed = stage.kind !== 'open';
  const at = created ? parseInstant('Created at', created) : new Date();
  return {
    row,
    stage,
    company: companyName || domain ? { name: companyName ?? domain, domain } : null,
    emails,
    values: {
      name,
      amount,
      currency,
      expectedCloseDate,
      ownerId: owner === undefined ? ctx.actorId : owner,
      source: check('Source', dealFields.source, given('source') ?? 'import'),
      tags: check('Tags', dealFields.tags, splitList(given('tags') ?? '')),
      lostReason: stage.kind === 'lost' ? lostReason : '',
      nextStep: check('Next step', dealFields.nextStep, given('nextStep') ?? ''),
      createdAt: at,
      updatedAt: at,
      stageChangedAt: at,
      lastActivityAt: at,
      closedAt: closed ? at : null,
      createdBy: ctx.actorId,
    },
  };
}

export async function importDeals(ctx: Context, records: CsvRecord[]): Promise<BatchOutcome> {
  const { tx, workspaceId } = ctx;
  const out: BatchOutcome = { created: 0, updated: 0, skipped: 0, errors: [] };
  const pipelines = await pipelinesOf(ctx);
  const rows: DealRow[] = [];
  for (const record of records) {
    if (record.error) {
      out.errors.push({ row: record.row, reason: record.error });
      continue;
    }
    try {
      rows.push(dealFromCells(cellsOf(record, ctx), ctx, pipelines, record.row));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      out.errors.push({ row: record.row, reason: error.message });
    }
  }
  // The people named by e-mail: a row naming someone the workspace does not have is refused.
  const emails = [...new Set(rows.flatMap((r) => r.emails))];
  const found =
    emails.length === 0
      ? []
      : await rowsOf<{ id: string; email: string }>(
          tx,
          sql`select distinct on (email) id, email from people
              where workspace_id = ${workspaceId} and email = any(${textArray(emails)})
              order by email, created_at, id`,
        );
  const personByEmail = new Map(found.map((p) => [p.email, p.id]));
  const kept = rows.filter((r) => {
    const missing = r.emails.find((e) => !personByEmail.has(e));
    if (missing)
      out.errors.push({ row: r.row, reason: `People emails: no person has the e-mail ${missing}` });
    return !missing;
  });
  out.errors.sort((a, b) => a.row - b.row);
  // Companies: by domain, else by name; made when missing.
  const companyKey = (c: { name: string; domain: string }) =>
    c.domain ? `d:${c.domain}` : `n:${lower(c.name)}`;
  const wanted = new Map(
    kept.flatMap((r) => (r.company ? [[companyKey(r.company), r.company] as const] : [])),
  );
  const companyIds = new Map<string, { id: string; name: string }>();
  if (wanted.size > 0) {
    const list = [...wanted.values()];
    const existing = await rowsOf<{ id: string; name: string; domain: string }>(
      tx,
      sql`select id, name, domain from companies where workspace_id = ${workspaceId}
            and (domain = any(${textArray(list.flatMap((c) => (c.domain ? [c.domain] : [])))})
              or lower(name) = any(${textArray(list.map((c) => lower(c.name)))}))
          order by created_at, id`,
    );
    for (const c of existing) {
      if (c.domain && !companyIds.has(`d:${c.domain}`)) companyIds.set(`d:${c.domain}`, c);
      if (!companyIds.has(`n:${lower(c.name)}`)) companyIds.set(`n:${lower(c.name)}`, c);
    }
    const missing = [...wanted.entries()].filter(([key]) => !companyIds.has(key));
    if (missing.length > 0) {
      const made = await tx
        .insert(companies)
        .values(
          missing.map(([, c]) => ({
            workspaceId,
            name: c.name,
            domain: c.domain,
            ownerId: ctx.actorId,
          })),
        )
        .returning({ id: companies.id, name: companies.name, domain: companies.domain });
      for (const c of made) companyIds.set(c.domain ? `d:${c.domain}` : `n:${lower(c.name)}`, c);
    }
  }
  // Each stage's new deals go to the end of its column, in the file's order.
  const last = new Map<string, string | null>();
  for (const stageId of new Set(kept.map((r) => r.stage.id))) {
    const [row] = await rowsOf<{ position: string | null }>(
      tx,
      sql`select max(position collate "C") as position from deals
          where workspace_id = ${workspaceId} and stage_id = ${stageId}::uuid`,
    );
    last.set(stageId, row?.position ?? null);
  }
  const inserts = kept.map((r) => {
    const position = keyBetween(last.get(r.stage.id) ?? null, null);
    last.set(r.stage.id, position);
    const company = r.company ? companyIds.get(companyKey(r.company)) : undefined;
    return {
      ...r.values,
      workspaceId,
      pipelineId: r.stage.pipelineId,
      stageId: r.stage.id,
      status: r.stage.kind,
      position,
      companyId: company?.id ?? null,
      companyName: company?.name ?? '',
    };
  });
  if (inserts.length === 0) return out;
  const made = await tx.insert(deals).values(inserts).returning({ id: deals.id });
  const ids = made.map((d) => d.id);
  const links = kept.flatMap((r, i) =>
    [...new Set(r.emails)].map((email, k) => ({
      workspaceId,
      dealId: ids[i]!,
      personId: personByEmail.get(email)!,
      role: 'other' as const,
      addedAt: new Date(Date.now() + k),
    })),
  );
  if (links.length > 0) await tx.insert(dealPeople).values(links).onConflictDoNothing();
  await tx.insert(dealStageChanges).values(
    kept.map((r, i) => ({
      workspaceId,
      dealId: ids[i]!,
      toStageId: r.stage.id,
      toStageName: r.stage.name,
      byId: ctx.actorId,
      at: r.values.createdAt as Date,
    })),
  );
  out.created += ids.length;
  await recordTimeline(ctx, 'deal', ids, ids);
  return out;
}
