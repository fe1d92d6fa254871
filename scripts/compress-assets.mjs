#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a built web app, so the
// server sends them pre-compressed (`preCompressed` in apps/server/src/plugins/web.ts) instead of
// compressing on every request. Usage: node scripts/compress-assets.mjs <dist folder>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      walk(file);
      continue;
    }
    // index.html and the pre-rendered pages are templates the server fills in, never sent as files.
    if (!compressible.test(name) || name.endsWith('.html')) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    before += content.length;
    after += br.length;
  }
}
walk(root);
console.log(
  `compressed ${files} assets: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`,
);
