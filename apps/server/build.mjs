// Bundles the server into dist/server.js and its commands (backup, restore) into dist/cli.js: our own code and @beacon/contract (TypeScript source
// that Node cannot load from node_modules) go into the bundle; every other package stays an import
// resolved from node_modules at run time. At run time the bundle finds the migrations at
// ../drizzle and the web app at ../../web/dist, relative to dist/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(serverDir, 'dist');

/** The workspace packages to bundle in; every other bare import is external. */
const bundled = ['@beacon/contract'];

const isBundled = (specifier) =>
  bundled.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** `packages: 'external'` with exceptions, which esbuild's option alone cannot express. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    // A bare specifier: not relative, not absolute.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || isBundled(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outDir, { recursive: true, force: true });

const result = await build({
  absWorkingDir: serverDir,
  entryPoints: [path.join(serverDir, 'src/server.ts'), path.join(serverDir, 'src/cli.ts')],
  outdir: outDir,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  bundle: true,
  keepNames: true,
  sourcemap: true,
  // Bundled code that calls require() (CommonJS inside a bundled package) needs a real one in ESM.
  banner: {
    js: "import { createRequire as __beaconCreateRequire } from 'node:module';\nconst require = __beaconCreateRequire(import.meta.url);",
  },
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});

for (const name of ['server.js', 'cli.js']) {
  const output = result.metafile.outputs[path.relative(serverDir, path.join(outDir, name))];
  const size = output ? `${(output.bytes / 1024).toFixed(0)} KiB` : 'done';
  console.log(`built ${path.relative(process.cwd(), path.join(outDir, name)) || name} (${size})`);
}
