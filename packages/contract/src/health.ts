import { z } from './z.ts';

export const healthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const readyResponseSchema = z
  .object({ status: z.literal('ready'), database: z.literal('ok') })
  .meta({ id: 'Ready' });
