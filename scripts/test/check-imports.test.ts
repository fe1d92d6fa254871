import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { checkRepository, importsOf } from '../check-imports.mjs';

type Result = { files: number; problems: string[] };
const check = checkRepository as (root: string) => Result;
const parse = importsOf as (text: string) => { specifier: string; typeOnly: boolean }[];

let root = '';
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'check-imports-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

describe('importsOf', () => {
  it('finds static, re-export, side-effect and dynamic imports and marks type-only ones', () => {
    const found = parse(`
      import React from 'react';
      import type { A } from './a';
      import {
        b,
        c,
      } from "./b.ts";
      export { d } from './d';
      export * from './e';
      import './styles.css';
      const Page = lazy(() => import('./page.tsx'));
      // import { gone } from './commented';
      /* import { gone } from './commented-block'; */
      export const text = 'from nowhere';
    `);
    expect(found).toEqual(
      expect.arrayContaining([
        { specifier: 'react', typeOnly: false },
        { specifier: './a', typeOnly: true },
        { specifier: './b.ts', typeOnly: false },
        { specifier: './d', typeOnly: false },
        { specifier: './e', typeOnly: false },
        { specifier: './styles.css', typeOnly: false },
        { specifier: './page.tsx', typeOnly: false },
      ]),
    );
    expect(found.map((entry) => entry.specifier)).not.toContain('./commented');
    expect(found.map((entry) => entry.specifier)).not.toContain('./commented-block');
    expect(found).toHaveLength(7);
  });
});

describe('checkRepository', () => {
  it('accepts a tree that keeps the rules', () => {
    const result = check(
      tree({
        'apps/web/src/components/button.tsx': `export const Button = 1;`,
        'apps/web/src/features/kanban/board.tsx': `import { Button } from '../../components/button';\nimport { x } from './x';`,
        'apps/web/src/features/kanban/x.ts': `export const x = 1;`,
        'apps/web/src/app/routes.tsx': `const Board = lazy(() => import('../features/kanban/board.tsx'));`,
      }),
    );
    expect(result).toEqual({ files: 4, problems: [] });
  });

  it('reports a feature importing another feature, shared code importing a feature, and a feature importing the app', () => {
    const result = check(
      tree({
        'apps/web/src/features/kanban/board.tsx': `import { Event } from '../calendar/event';`,
        'apps/web/src/features/calendar/event.tsx': `import { routes } from '../../app/routes';\nexport const Event = 1;`,
        'apps/web/src/app/routes.tsx': `export const routes = [];`,
        'apps/web/src/lib/http.ts': `import { Event } from '../features/calendar/event';`,
        'apps/web/src/hooks/use-event.ts': `import { Event } from '../features/calendar/event';`,
      }),
    );
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('feature kanban must not import feature calendar'),
        expect.stringContaining('a feature must not import the app'),
        expect.stringContaining('shared web code (lib) must not import features'),
        expect.stringContaining('shared web code (hooks) must not import features'),
      ]),
    );
    expect(result.problems).toHaveLength(4);
  });

  it('reports the server importing the web app and the contract importing an app', () => {
    const result = check(
      tree({
        'apps/server/src/app.ts': `import { theme } from '../../web/src/theme/index';`,
        'apps/web/src/theme/index.ts': `export const theme = 1;`,
        'packages/contract/src/index.ts': `import { app } from '@beacon/server';`,
      }),
    );
    expect(result.problems).toEqual([
      expect.stringContaining('the server must not import the web app'),
      expect.stringContaining('the contract must not import the apps'),
    ]);
  });

  it('reports a cycle, ignores one closed only by a type import, and reports unresolvable paths', () => {
    const result = check(
      tree({
        'apps/server/src/a.ts': `import { b } from './b';\nexport const a = 1;`,
        'apps/server/src/b.ts': `import { c } from './c';\nexport const b = 1;`,
        'apps/server/src/c.ts': `import { a } from './a';\nexport const c = 1;`,
        'apps/server/src/d.ts': `import type { E } from './e';\nexport type D = 1;`,
        'apps/server/src/e.ts': `import { d } from './d';\nexport type E = 1;`,
        'apps/server/src/f.ts': `import { nothing } from './missing';`,
      }),
    );
    expect(result.problems).toEqual([
      "apps/server/src/f.ts: cannot resolve './missing'",
      'import cycle: apps/server/src/a.ts -> apps/server/src/b.ts -> apps/server/src/c.ts -> apps/server/src/a.ts',
    ]);
  });
});
