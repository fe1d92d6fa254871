// Every schema module takes `z` from here, so the browser setting below runs before any schema
// is created, even when a bundler imports one module without the package's index.
import './zod-setup.ts';

export { z } from 'zod';
