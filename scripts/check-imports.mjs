#!/usr/bin/env node
// The import rules of the repository, checked over all of it:
//   - web: shared code (components, hooks, lib, utils, locales, theme) never imports a feature or the app;
//     a feature never imports another feature, nor the app;
//   - the server never imports the web app; the contract imports nothing of the apps;
//   - no import cycles (type-only imports excepted: they vanish at run time).
// It replaces eslint-plugin-import-x, whose native resolver has platform packages the registry
// mirror lacks, which broke `npm ci` (docs/decisions/012-import-rules-and-lockfile.md).
// Usage: node scripts/check-imports.mjs [root]   (exit code 1 and one line per problem)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', '.tmp', 'test-results', 'coverage']);
const SHARED_WEB = ['components', 'hooks', 'lib', 'utils', 'locales', 'theme'];

/** Lists the source files under `dir`, skipping build output and dependencies. */
export function listSources(dir) {
  const found = [];
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listSources(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** The module specifiers a file imports, each marked type-only or not. Comments are ignored. */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out = [];
  // `import x from '…'`, `import type { T } from '…'`, `export { a } from '…'`: the clause between
  // the keyword and `from` never holds a quote or a semicolon, so one statement never spans two.
  for (const match of code.matchAll(
    /\b(import|export)\s+(type\s+)?[^'"`;()]*?\bfrom\s*['"]([^'"\n]+)['"]/g,
  )) {
    out.push({ specifier: match[3], typeOnly: Boolean(match[2]) });
  }
  for (const match of code.matchAll(/\bimport\s*['"]([^'"\n]+)['"]/g)) {
    out.push({ specifier: match[1], typeOnly: false });
  }
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g)) {
    out.push({ specifier: match[1], typeOnly: false });
  }
  return out;
}

/** Resolves a relative specifier from `fromFile` to a file on disk, or null. */
export function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]);
  const stem = base.replace(/\.(?:m?js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}.mjs`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The boundary rule a single import breaks, as a sentence, or null when it is allowed. */
export function boundaryProblem(root, fromFile, toFile, specifier) {
  const from = path.relative(root, fromFile).split(path.sep);
  const to = toFile ? path.relative(root, toFile).split(path.sep) : null;
  const web = (parts) => parts[0] === 'apps' && parts[1] === 'web' && parts[2] === 'src';
  if (to && web(from) && web(to)) {
    const [fromArea, fromFeature] = [from[3], from[4]];
    const [toArea, toFeature] = [to[3], to[4]];
    if (SHARED_WEB.includes(fromArea ?? '') && (toArea === 'features' || toArea === 'app')) {
      return `shared web code (${fromArea}) must not import ${toArea}`;
    }
    if (fromArea === 'features' && toArea === 'app') return 'a feature must not import the app';
    if (fromArea === 'features' && toArea === 'features' && fromFeature !== toFeature) {
      return `feature ${fromFeature} must not import feature ${toFeature}`;
    }
  }
  const isServer = from[0] === 'apps' && from[1] === 'server';
  const isContract = from[0] === 'packages' && from[1] === 'contract';
  if (isServer && (to?.[1] === 'web' || specifier === '@beacon/web')) {
    return 'the server must not import the web app';
  }
  if (isContract && (to?.[0] === 'apps' || /^@beacon\/(?:web|server)/.test(specifier))) {
    return 'the contract must not import the apps';
  }
  return null;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function findCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // Iterative Tarjan: deep import chains must not overflow the call stack.
    const work = [{ node: start, edges: [...(graph.get(start) ?? [])], next: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.edges.length) {
        const target = frame.edges[frame.next++];
        if (!indexOf.has(target)) {
          indexOf.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edges: [...(graph.get(target) ?? [])], next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), indexOf.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = graph.get(frame.node)?.has(frame.node);
        if (component.length > 1 || selfLoop) cycles.push(component.reverse());
      }
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

/** Checks every source file under the repository's code folders; answers the problems found. */
export function checkRepository(root) {
  const folders = ['apps', 'packages', 'bench', 'scripts'].map((name) => path.join(root, name));
  // scripts/test holds this script's own tests, whose strings are deliberately broken import trees.
  const ownTests = path.join(root, 'scripts', 'test') + path.sep;
  const files = folders.flatMap(listSources).filter((file) => !file.startsWith(ownTests));
  const graph = new Map();
  const problems = [];
  for (const file of files) {
    const edges = new Set();
    graph.set(file, edges);
    for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolveRelative(file, specifier);
      if (
        specifier.startsWith('.') &&
        !target &&
        !/\.(?:css|json|svg|png|woff2?)$/.test(specifier)
      ) {
        problems.push(`${path.relative(root, file)}: cannot resolve '${specifier}'`);
      }
      const broken = boundaryProblem(root, file, target, specifier);
      if (broken) problems.push(`${path.relative(root, file)}: imports '${specifier}': ${broken}`);
      if (target && !typeOnly && SOURCE.test(target)) edges.add(target);
    }
  }
  for (const cycle of findCycles(graph)) {
    const names = cycle.map((file) => path.relative(root, file));
    problems.push(`import cycle: ${[...names, names[0]].join(' -> ')}`);
  }
  return { files: files.length, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const { files, problems } = checkRepository(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check-imports: ${problems.length} problem(s) in ${files} files`);
    process.exit(1);
  }
  console.log(`check-imports: ${files} files, no boundary breaks, no cycles`);
}
