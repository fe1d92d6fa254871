import { sql } from 'drizzle-orm';
import type { Deal } from '@beacon/contract';
import type { Database } from '../../db/client.ts';
import { listCell, type CsvColumn } from '../../lib/records/csv.ts';
import { rowsOf, uuidArray } from '../../lib/records/sql.ts';
import { minorDigits, minorToDecimal } from './money.ts';
import { contactsCsvContext, enumLabel, type ContactsCsvContext } from '../imports/contacts-csv.ts';

// The deals CSV export: headers a person reads, the owner by e-mail, the pipeline and stage by
// name, amounts in the currency's major unit ("1234.50"). The default columns are the ones the
// import reads back under the same header (modules/imports/deals-import.ts).

export type DealsCsvContext = ContactsCsvContext & {
  stages: Map<string, { stage: string; pipeline: string }>;
};

/**
 * A decimal of the major unit as minor units: "1234.5", "1 234,50", "1,234.50" or "€1234" EUR give
 * 123450 (or 123400); null when it is not an amount. One separator followed by exactly three
 * digits ("1,500") is taken for thousands, in a currency with fewer than three decimals.
 */
export function minorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const s = text
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^[^\d-]+/, '')
    .replace(/[^\d]+$/, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const separators = s.match(/[.,]/g) ?? [];
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let whole = s;
  let fraction = '';
  if (last >= 0) {
    const after = s.slice(last + 1);
    const mixed = new Set(separators).size > 1;
    // Three figures after a lone mark group thousands, unless the currency has three decimals
    // (KWD: "0.007" is what the export writes), as the web reads an amount (utils/money.ts).
    if (mixed || (separators.length === 1 && (after.length !== 3 || digits >= 3))) {
      whole = s.slice(0, last);
      fraction = after;
    }
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > digits) return null;
  const value = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(value) ? value : null;
}

type DealColumn = CsvColumn<Deal, DealsCsvContext>;

export const dealCsvColumns: DealColumn[] = [
  { name: 'name', label: 'Name', value: (d) => d.name },
  {
    name: 'pipelineName',
    aliases: ['pipelineId'],
    label: 'Pipeline',
    value: (d, c) => c.stages.get(d.stageId)?.pipeline ?? '',
  },
  {
    name: 'stageName',
    aliases: ['stageId'],
    label: 'Stage',
    value: (d, c) => c.stages.get(d.stageId)?.stage ?? '',
  },
  { name: 'amount', label: 'Amount', value: (d) => minorToDecimal(d.amount, d.currency) },
  { name: 'currency', label: 'Currency', value: (d) => d.currency },
  {
    name: 'expectedCloseDate',
    label: 'Expected close date',
    value: (d) => d.expectedCloseDate ?? '',
  },
  {
    name: 'ownerEmail',
    aliases: ['ownerId'],
    label: 'Owner email',
    value: (d, c) => (d.ownerId ? (c.owners.get(d.ownerId) ?? '') : ''),
  },
  { name: 'companyName', label: 'Company', value: (d) => d.companyName },
  {
    name: 'companyDomain',
    label: 'Company domain',
    value: (d, c) => (d.companyId ? (c.domains.get(d.companyId) ?? '') : ''),
  },
  {
    name: 'personEmail',
    label: 'People emails',
    value: (d) => listCell(d.people.map((p) => p.email).filter(Boolean)),
  },
  { name: 'source', label: 'Source', value: (d) => d.source },
  { name: 'tags', label: 'Tags', value: (d) => listCell(d.tags) },
  { name: 'lostReason', label: 'Lost reason', value: (d) => d.lostReason },
  { name: 'nextStep', label: 'Next step', value: (d) => d.nextStep },
  { name: 'createdAt', label: 'Created at', value: (d) => d.createdAt },
  { name: 'id', label: 'ID', extra: true, value: (d) => d.id },
  { name: 'status', label: 'Status', extra: true, value: (d) => enumLabel(d.status) },
  { name: 'closedAt', label: 'Closed at', extra: true, value: (d) => d.closedAt ?? '' },
  {
    name: 'stageChangedAt',
    label: 'Stage changed at',
    extra: true,
    value: (d) => d.stageChangedAt,
  },
  { name: 'updatedAt', label: 'Updated at', extra: true, value: (d) => d.updatedAt },
  { name: 'lastActivityAt', label: 'Last activity', extra: true, value: (d) => d.lastActivityAt },
];

/** The owners' e-mails, the companies' domains and the stages' and pipelines' names of a page. */
export async function dealCsvContext(
  db: Database,
  workspaceId: string,
  items: Deal[],
): Promise<DealsCsvContext> {
  const stageIds = new Set(items.map((d) => d.stageId));
  const [contacts, stages] = await Promise.all([
    contactsCsvContext(db, workspaceId, items),
    stageIds.size === 0
      ? []
      : rowsOf<{ id: string; stage: string; pipeline: string }>(
          db,
          sql`select s.id, s.name as stage, p.name as pipeline
              from pipeline_stages s join pipelines p on p.id = s.pipeline_id
              where s.workspace_id = ${workspaceId} and s.id = any(${uuidArray(stageIds)})`,
        ),
  ]);
  return {
    ...contacts,
    stages: new Map(stages.map((s) => [s.id, { stage: s.stage, pipeline: s.pipeline }])),
  };
}
