import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { namesOf, newArea } from '../new-area.mjs';

type Result = { written: string[]; changed: string[] };
const run = newArea as (options: {
  area: string;
  singular?: string;
  root: string;
  dryRun?: boolean;
}) => Result;
const names = namesOf as (area: string, singular?: string) => Record<string, string>;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(repo, 'scripts/new-area.mjs');
/** The files the script reads and changes, copied from this repository. */
const REGISTRATIONS = [
  'packages/contract/src/index.ts',
  'packages/contract/src/realtime.ts',
  'apps/server/src/modules/modules.ts',
];

let root = '';
function copyOfRepository(): string {
  root = mkdtempSync(path.join(tmpdir(), 'new-area-'));
  for (const file of REGISTRATIONS) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(root, file));
  }
  mkdirSync(path.join(root, 'apps/server/src/modules/people'), { recursive: true });
  return root;
}
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

describe('new-area', () => {
  it('writes the module skeleton and the contract file, and registers them', () => {
    const dir = copyOfRepository();
    const result = run({ area: 'quotes', root: dir });
    const module = 'apps/server/src/modules/quotes';
    expect(result.written.sort()).toEqual(
      [
        `${module}/quotes.module.ts`,
        `${module}/quotes.repository.ts`,
        `${module}/quotes.routes.ts`,
        `${module}/quotes.service.ts`,
        `${module}/quotes.test.ts`,
        'packages/contract/src/quotes.ts',
        'apps/web/src/features/quotes/api/quotes-api.ts',
      ].sort(),
    );
    expect(result.changed.sort()).toEqual([...REGISTRATIONS].sort());

    expect(read(`${module}/quotes.module.ts`)).toContain(
      'export const quotesModule = defineModule({',
    );
    expect(read(`${module}/quotes.routes.ts`)).toContain('...readAt(quotesEndpoints.list)');
    const web = read('apps/web/src/features/quotes/api/quotes-api.ts');
    expect(web).toContain('call(quotesEndpoints.list)');
    expect(web).toContain("types: ['quotes.*']");
    expect(read(`${module}/quotes.service.ts`)).toContain('export class QuotesService');
    expect(read(`${module}/quotes.service.ts`)).toContain("from './quotes.repository.ts'");
    expect(read(`${module}/quotes.repository.ts`)).toContain('export async function listQuotes(');
    expect(read(`${module}/quotes.test.ts`)).toContain("call('GET', '/api/quotes')");
    const contract = read('packages/contract/src/quotes.ts');
    expect(contract).toContain('export const quoteSchema = z');
    expect(contract).toContain("z.literal('quotes.changed')");
    expect(contract).toContain("path: '/api/quotes'");

    expect(
      read('packages/contract/src/index.ts').trimEnd().endsWith("export * from './quotes.ts';"),
    ).toBe(true);
    const realtime = read('packages/contract/src/realtime.ts');
    expect(realtime).toContain("import type { QuotesRealtime } from './quotes.ts';");
    expect(realtime).toMatch(/export type RealtimeEvent =[^;]*\| QuotesRealtime;/);
    const modules = read('apps/server/src/modules/modules.ts');
    expect(modules).toContain("import { quotesModule } from './quotes/quotes.module.ts';");
    expect(modules).toMatch(/\n {2}\w+Module,\n {2}quotesModule,\n\];/);
  });

  it('only lists what it would do in a dry run', () => {
    const dir = copyOfRepository();
    const before = REGISTRATIONS.map(read);
    const result = run({ area: 'invoices', root: dir, dryRun: true });
    expect(result.written).toContain('apps/server/src/modules/invoices/invoices.module.ts');
    expect(existsSync(path.join(dir, 'apps/server/src/modules/invoices'))).toBe(false);
    expect(existsSync(path.join(dir, 'packages/contract/src/invoices.ts'))).toBe(false);
    expect(REGISTRATIONS.map(read)).toEqual(before);
  });

  it('runs from the command line and prints the steps left', () => {
    const dir = copyOfRepository();
    const out = execFileSync('node', [script, 'tasks', '--root', dir, '--dry-run'], {
      encoding: 'utf8',
    });
    expect(out).toContain('would write apps/server/src/modules/tasks/tasks.routes.ts');
    expect(out).toContain('would change apps/server/src/modules/modules.ts');
    expect(out).toContain('Left to do (docs/adding-an-area.md):');
    expect(out).toContain('npm run db:generate');
  });

  it('refuses an area that exists and a name that is not one', () => {
    const dir = copyOfRepository();
    expect(() => run({ area: 'people', singular: 'person', root: dir })).toThrow(/exists already/);
    expect(() => run({ area: 'Deals', root: dir })).toThrow(/not an area name/);
    expect(() => run({ area: '../x', root: dir })).toThrow(/not an area name/);
    expect(() => run({ area: 'news', singular: 'news', root: dir })).toThrow(/not a singular/);
    expect(names('companies', 'company')).toEqual({
      area: 'companies',
      singular: 'company',
      Area: 'Companies',
      Singular: 'Company',
    });
  });
});
