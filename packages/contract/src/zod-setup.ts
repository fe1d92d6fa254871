import { config } from 'zod';

/**
 * In the browser, zod would find out once whether it may compile fast parsers with
 * `new Function`. The app's Content-Security-Policy forbids eval, so that probe is reported as a
 * CSP violation even though zod catches it. Jitless mode never probes. The setting is read when a
 * schema is created, so every schema module imports it first (through `z.ts`).
 * The server keeps compiled parsers.
 */
if ('document' in globalThis) config({ jitless: true });
