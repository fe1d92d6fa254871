#!/usr/bin/env node
// Writes the skeleton of a new area (docs/adding-an-area.md): the server module (module entry,
// routes, service, repository, API test), the contract file, and their registrations (the
// contract's index and realtime union, the server's module list). Then prints the steps left.
// Usage: node scripts/new-area.mjs <area> [--singular <name>] [--dry-run] [--root <dir>]
//   <area>       plural, lower case: deals, tasks, invoices
//   --singular   the record's name when it is not <area> without its final s (default: deal)
//   --dry-run    print the files it would write or change; change nothing
//   --root       the repository to write into (default: this one)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const AREA = /^[a-z][a-z]{1,30}$/;

/** `deals` → { area: 'deals', singular: 'deal', Area: 'Deals', Singular: 'Deal' }. */
export function namesOf(area, singular = area.replace(/s$/, '')) {
  if (!AREA.test(area)) {
    throw new Error(`"${area}" is not an area name: use a plural in lower-case letters (deals)`);
  }
  if (!AREA.test(singular) || singular === area) {
    throw new Error(`"${singular}" is not a singular for ${area}: pass --singular <name>`);
  }
  const upper = (word) => `${word[0].toUpperCase()}${word.slice(1)}`;
  return { area, singular, Area: upper(area), Singular: upper(singular) };
}

/**
 * ` from '…'` of a generated import, built so that scripts/check-imports.mjs does not take the
 * templates' imports for this file's own.
 */
const from = (specifier) => `from '${specifier}'`;

/** The new files of an area, by path from the repository root. */
export function skeleton(names) {
  const { area, singular, Area, Singular } = names;
  const dir = `apps/server/src/modules/${area}`;
  return {
    [`packages/contract/src/${area}.ts`]: `import { z } ${from('./z.ts')};
import { endpoint } ${from('./endpoint.ts')};

// ${Area}: the record as the API answers it, what a client sends, and the area's realtime events
// (docs/adding-an-area.md, step 3). Limits live here; the web reads them from these schemas.

export const ${singular}Schema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: '${Singular}' });
export type ${Singular} = z.infer<typeof ${singular}Schema>;

export const ${singular}PageSchema = z
  .object({ items: z.array(${singular}Schema) })
  .meta({ id: '${Singular}Page' });
export type ${Singular}Page = z.infer<typeof ${singular}PageSchema>;

/** The realtime messages of ${area}, as the server publishes them: one member per kind of change. */
export const ${area}RealtimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('${area}.changed'), data: z.object({ id: z.string().nullable() }) }),
]);
export type ${Area}Realtime = z.infer<typeof ${area}RealtimeSchema>;

/** The ${area} API: the server registers these routes, the web calls them (step 3). */
export const ${area}Endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/${area}',
    summary: 'The workspace\\'s ${area}',
    response: ${singular}PageSchema,
  }),
};
`,
    [`${dir}/${area}.repository.ts`]: `import type { ${Singular} } ${from('@beacon/contract')};
import type { Executor } ${from('../../db/client.ts')};

// Every SQL statement over the ${area} tables (docs/adding-an-area.md, step 4). Each takes the
// workspace id and filters by it.

/**
 * The workspace's ${area}. Until the table exists (apps/server/src/db/schema/, then
 * \`npm run db:generate\`) there are none; then select from it as
 * apps/server/src/modules/calendar/calendar.repository.ts does.
 */
export async function list${Area}(_db: Executor, _workspaceId: string): Promise<${Singular}[]> {
  return [];
}
`,
    [`${dir}/${area}.service.ts`]: `import type { ${Singular}Page } ${from('@beacon/contract')};
import type { Database } ${from('../../db/client.ts')};
import type { Caller } ${from('../../lib/caller.ts')};
import * as repo ${from(`./${area}.repository.ts`)};

/**
 * The rules of ${area} (docs/adding-an-area.md, step 5): a write runs in \`db.transaction\` and
 * publishes its event (\`${Area}Realtime\`) with \`realtime.publish(tx, …)\` inside it.
 */
export class ${Area}Service {
  constructor(private readonly db: Database) {}

  async list(caller: Caller): Promise<${Singular}Page> {
    return { items: await repo.list${Area}(this.db, caller.workspaceId) };
  }
}
`,
    [`${dir}/${area}.routes.ts`]: `import type { FastifyPluginAsyncZod } ${from('fastify-type-provider-zod')};
import { ${area}Endpoints } ${from('@beacon/contract')};
import { signedInRoutes } ${from('../../lib/responses.ts')};
import { requireAuth } ${from('../../plugins/auth.ts')};
import type { ${Area}Service } ${from(`./${area}.service.ts`)};

/**
 * The ${area} API, one route per contract endpoint: \`readAt\` lets any member in, \`writeAt\`
 * only contributors and admins (step 8).
 */
export const ${area}Routes: FastifyPluginAsyncZod<{ service: ${Area}Service }> = async (
  app,
  { service },
) => {
  const { readAt } = signedInRoutes(app, ['${area}']);

  app.route({
    ...readAt(${area}Endpoints.list),
    handler: async (request) => service.list(requireAuth(request)),
  });
};
`,
    [`apps/web/src/features/${area}/api/${area}-api.ts`]: `import { ${area}Endpoints, type ${Singular}Page } ${from('@beacon/contract')};
import { api, call } ${from('../../../lib/api.ts')};
import { followRealtime } ${from('../../../lib/api-live.ts')};

// The ${area} calls of the web (docs/adding-an-area.md, "Web data"): each one endpoint of the
// contract; the list stays live through the area's realtime events.

export const ${area}Api = api.enhanceEndpoints({ addTagTypes: ['${Area}'] }).injectEndpoints({
  endpoints: (build) => ({
    ${area}: build.query<${Singular}Page, void>({
      query: () => call(${area}Endpoints.list),
      providesTags: ['${Area}'],
      async onCacheEntryAdded(_arg, lifecycle) {
        const refetch = () => lifecycle.dispatch(${area}Api.util.invalidateTags(['${Area}']));
        await followRealtime(lifecycle, {
          types: ['${area}.*'],
          onMessage: refetch,
          onReconnect: refetch,
        });
      },
    }),
  }),
});

export const { use${Area}Query } = ${area}Api;
`,
    [`${dir}/${area}.module.ts`]: `import { defineModule } ${from('../../lib/module.ts')};
import { ${area}Routes } ${from(`./${area}.routes.ts`)};
import { ${Area}Service } ${from(`./${area}.service.ts`)};

export const ${area}Module = defineModule({
  name: '${area}',
  async register(app, { db }) {
    await app.register(${area}Routes, { service: new ${Area}Service(db) });
  },
});
`,
    [`${dir}/${area}.test.ts`]: `import { afterAll, beforeAll, describe, expect, it } ${from('vitest')};
import { crmWorkspace } ${from('../../../test/crm.ts')};
import { startTestServer, type TestServer } ${from('../../../test/helpers.ts')};

// The ${area} API through real HTTP on a real database (docs/adding-an-area.md, step 12): add
// the other workspace's 404 and the viewer's 403 with the first write.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('${area}', () => {
  it('asks for sign-in', async () => {
    const response = await fetch(\`\${server.url}/api/${area}\`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });

  it('lists the workspace\\'s ${area}', async () => {
    const { call } = await crmWorkspace(server);
    const page = await call('GET', '/api/${area}');
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ items: [] });
  });
});
`,
  };
}

/** The registrations: each a file, and how its text changes. */
export function registrations(names) {
  const { area, Area } = names;
  return {
    'packages/contract/src/index.ts': (text) =>
      `${text.trimEnd()}\nexport * from './${area}.ts';\n`,
    'packages/contract/src/realtime.ts': (text) => {
      const union = /export type RealtimeEvent =([^;]*);/;
      if (!union.test(text)) throw new Error('realtime.ts: no RealtimeEvent union found');
      const withImport = text.replace(
        /^(import [^\n]*\n)(?!import )/m,
        `$1import type { ${Area}Realtime } from './${area}.ts';\n`,
      );
      return withImport.replace(
        union,
        (_all, members) => `export type RealtimeEvent =${members} | ${Area}Realtime;`,
      );
    },
    'apps/server/src/modules/modules.ts': (text) => {
      const list = /(export const modules: AppModule\[\] = \[[^\]]*?)(\n?\];)/;
      if (!list.test(text)) throw new Error('modules.ts: no modules list found');
      const withImport = text.replace(
        /^(import type \{ AppModule \} from [^\n]*\n)/m,
        `$1import { ${area}Module } from './${area}/${area}.module.ts';\n`,
      );
      return withImport.replace(list, (_all, head, tail) => `${head}\n  ${area}Module,${tail}`);
    },
  };
}

export const manualSteps = (names) => [
  `Table: apps/server/src/db/schema/${names.area}.ts (workspace_id on every row), exported from apps/server/src/db/schema/index.ts`,
  'Migration: npm run db:generate, read and commit the new file of apps/server/drizzle/',
  `Contract: the create and change bodies, the list query and an endpoint per route (${names.area}Endpoints) in packages/contract/src/${names.area}.ts`,
  `Repository and service: the SQL in ${names.area}.repository.ts, writes in transactions that publish ${names.Area}Realtime`,
  'Records-style area: its name in recordSubjects (packages/contract/src/records.ts) and its entry in apps/server/src/modules/record-entities.ts',
  "Routes: writeAt(...) for every change (viewers get 403), 404 for another workspace's record",
  `Web: more calls in apps/web/src/features/${names.area}/api/${names.area}-api.ts (RTK Query), forms with react-hook-form and the contract's schemas, the screens and their route`,
  'Translations: apps/web/public/locales/{en,fr,vi,cn,ar}/',
  'Tests: API (other-workspace 404, viewer 403, bad input 400), unit, browser with axe',
  'Demo data: apps/server/src/db/crm-seed/demo.ts; README: a line on the area',
];

/** Writes (or, dry, only lists) the area's files and registrations; answers what it did. */
export function newArea(options) {
  const { root, dryRun = false } = options;
  const names = namesOf(options.area, options.singular);
  const dir = path.join(root, 'apps/server/src/modules', names.area);
  if (existsSync(dir)) throw new Error(`apps/server/src/modules/${names.area} exists already`);
  const files = skeleton(names);
  const changes = {};
  for (const [file, change] of Object.entries(registrations(names))) {
    changes[file] = change(readFileSync(path.join(root, file), 'utf8'));
  }
  if (!dryRun) {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text, { flag: 'wx' });
    }
    for (const [file, text] of Object.entries(changes)) writeFileSync(path.join(root, file), text);
  }
  return { names, written: Object.keys(files), changed: Object.keys(changes) };
}

function main(argv) {
  const args = [...argv];
  const flag = (name) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const dryRun = args.includes('--dry-run');
  if (dryRun) args.splice(args.indexOf('--dry-run'), 1);
  const singular = flag('--singular');
  const root = path.resolve(flag('--root') ?? path.join(here, '..'));
  const [area] = args;
  if (!area) {
    console.error(
      'Usage: node scripts/new-area.mjs <area> [--singular <name>] [--dry-run] [--root <dir>]',
    );
    return 2;
  }
  let result;
  try {
    result = newArea({ area, singular, root, dryRun });
  } catch (error) {
    console.error(`new-area: ${error.message}`);
    return 1;
  }
  const verb = dryRun ? 'would write' : 'wrote';
  for (const file of result.written) console.log(`${verb} ${file}`);
  for (const file of result.changed) console.log(`${dryRun ? 'would change' : 'changed'} ${file}`);
  const prettier = path.join(root, 'node_modules/.bin/prettier');
  if (!dryRun && existsSync(prettier)) {
    execFileSync(prettier, ['--write', ...result.written, ...result.changed], { cwd: root });
  }
  console.log('\nLeft to do (docs/adding-an-area.md):');
  manualSteps(result.names).forEach((step, i) => console.log(`  ${i + 1}. ${step}`));
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
