import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@beacon/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { compileFast, createSerializerCompiler } from './serializer.ts';

const zodBytes = (schema: z.ZodType, data: unknown) =>
  (
    zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
      d: unknown,
    ) => string
  )(data);

const schema = z.object({
  id: z.uuid(),
  name: z.string(),
  note: z.string().nullable(),
  stage: z.enum(['lead', 'customer']).nullable(),
  count: z.number().int(),
  ratio: z.number(),
  flag: z.boolean(),
  at: z.iso.datetime({ offset: true }),
  tags: z.array(z.string()),
  nested: z.object({ a: z.string(), b: z.number().nullable() }).nullable(),
  optional: z.string().optional(),
  choice: z.union([z.literal('x'), z.number()]),
  /** A property that has a keyword's name stays a property. */
  required: z.string(),
  extra: z.record(z.string(), z.string()),
  anything: z.unknown(),
});

const sample = {
  id: '0d6f8a52-7a8c-4b8e-9d55-8a4f6f9f3c11',
  name: 'Zoë "quoted" \\ \n\t\u2028 \ud800 lone surrogate </script>',
  note: null,
  stage: null,
  count: 3,
  ratio: 0.1 + 0.2,
  flag: false,
  at: '2026-06-01T09:00:00.000Z',
  tags: ['a', 'b"c'],
  nested: { a: 'x', b: null },
  choice: 2,
  required: 'yes',
  extra: { one: '1' },
  anything: { deep: [1, null, 'x'] },
};

describe('the fast response serialiser', () => {
  it('writes the same bytes as zod, unknown keys left out and nulls kept', () => {
    const fast = compileFast(schema);
    expect(fast).not.toBeNull();
    for (const data of [
      sample,
      { ...sample, unknownKey: 'dropped', nested: null, optional: 'here', stage: 'lead' },
      { ...sample, choice: 'x', extra: {}, anything: null },
    ]) {
      expect(fast!(data)).toBe(zodBytes(schema, data));
    }
    expect(fast!({ ...sample, unknownKey: 1 })).not.toContain('unknownKey');
  });

  it('keeps zod for a union of objects, so a branch with an unknown key is stripped, not a 500', () => {
    const union = z.object({
      choice: z.union([
        z.object({ kind: z.literal('x'), x: z.string() }),
        z.object({ kind: z.literal('y'), y: z.number() }),
      ]),
    });
    expect(compileFast(union)).toBeNull();
    const serialize = createSerializerCompiler()({
      schema: union,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    const data = { choice: { kind: 'y', y: 2, passwordHash: 'secret' } };
    expect(serialize(data)).toBe('{"choice":{"kind":"y","y":2}}');
  });

  it('compiles every response schema of the contract but those with a transform or a union of objects', () => {
    const fallback: string[] = [];
    for (const [name, value] of Object.entries(contract)) {
      if (!(value instanceof z.ZodType) || !name.endsWith('Schema')) continue;
      if (!compileFast(value)) fallback.push(name);
    }
    // Of these only the saved views are answers (their filters); the rest are requests and
    // realtime events. The pages of people, companies, deals and tasks, the boards and the home calls compile.
    expect(fallback.sort()).toEqual(
      [
        'calendarRealtimeSchema',
        'chatRealtimeSchema',
        'companyBulkActionSchema',
        'companyBulkRequestSchema',
        'crmRealtimeSchema',
        'dealBulkActionSchema',
        'dealBulkRequestSchema',
        'dealsRealtimeSchema',
        'filterConditionSchema',
        'filterListSchema',
        'importRealtimeSchema',
        'kanbanRealtimeSchema',
        'listItemsRequestSchema',
        'mailRealtimeSchema',
        'mailTrustedSenderBodySchema',
        'conversationsRealtimeSchema',
        'mailsQuerySchema',
        'newMailboxSchema',
        'newViewSchema',
        'notificationQuerySchema',
        'notificationsRealtimeSchema',
        'paymentRequestSchema',
        'personBulkActionSchema',
        'personBulkRequestSchema',
        'savedViewSchema',
        'savedViewsSchema',
        'selectionSchema',
        'taskBulkActionSchema',
        'taskBulkRequestSchema',
        'taskQuerySchema',
        'taskSelectionFilterSchema',
        'tasksRealtimeSchema',
        'viewPatchSchema',
      ].sort(),
    );
    for (const hot of [
      'personPageSchema',
      'companyPageSchema',
      'kanbanBoardSchema',
      'dealPageSchema',
      'dealBoardSchema',
      'homeTasksSchema',
      'taskPageSchema',
    ]) {
      expect(fallback, hot).not.toContain(hot);
    }
  });

  it('keeps zod for a schema JSON Schema cannot describe, and checks both when asked', () => {
    const transformed = z.object({ n: z.string().transform((s) => s.length) });
    expect(compileFast(transformed)).toBeNull();
    const compile = createSerializerCompiler({ verify: true });
    const serialize = compile({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize(sample)).toBe(zodBytes(schema, sample));
    // zod refuses what does not fit the schema; so does the checked serialiser.
    expect(() => serialize({ ...sample, count: 'three' })).toThrow();
  });
});
