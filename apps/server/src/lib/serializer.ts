import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation (docs/decisions/027). fastify-type-provider-zod encodes every answer
 * through its zod schema, then `JSON.stringify`s it: on a page of 50 people that is an eighth of
 * the server's CPU time. Here each response schema is converted once, with zod's own
 * `toJSONSchema` (output side), into a fast-json-stringify function, which writes the same bytes:
 * the schema's properties in the schema's order, unknown keys left out, as zod's strip does.
 *
 * A schema JSON Schema cannot describe (a transform, a date, a cycle) keeps the zod serialiser.
 * With `verify` (the tests), every answer goes through both and a difference is an error, so
 * the whole API test suite checks that the bytes and the zod validation are unchanged.
 */

type JsonSchema = Record<string, unknown>;
type Stringify = (data: unknown) => string;

const noIds = z.registry<{ id?: string }>();

/**
 * Two rewrites, so fast-json-stringify writes what zod does:
 * - `anyOf: [X, {type: 'null'}]`, as zod writes `.nullable()`, becomes `type: [X.type, 'null']`
 *   (fast-json-stringify would otherwise validate each value against both to pick one);
 * - `required` goes, outside unions: fast-json-stringify writes required properties before
 *   optional ones, zod in the schema's order. Inside a union it stays, as it picks the branch.
 */
function simplify(node: unknown, inUnion = false, properties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => simplify(n, inUnion));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // In `properties` the keys are field names: a field called `required` stays.
    if (properties) {
      out[key] = simplify(value, inUnion);
      continue;
    }
    if (key === 'required' && !inUnion) continue;
    out[key] = simplify(value, inUnion || key === 'anyOf' || key === 'oneOf', key === 'properties');
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(
      (s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1,
    );
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _drop, ...rest } = out;
      // Not a union any more: the branch is rewritten as if outside one.
      const branch = simplify(
        (node as { anyOf: unknown[] }).anyOf[1 - nullIndex],
        inUnion,
      ) as JsonSchema;
      const merged: JsonSchema = { ...rest, ...branch, type: [other.type, 'null'] };
      // fast-json-stringify takes a nullable enum only when null is one of its values.
      if (Array.isArray(merged.enum)) merged.enum = [...(merged.enum as unknown[]), null];
      if ('const' in merged) {
        merged.enum = [merged.const, null];
        delete merged.const;
      }
      return merged;
    }
  }
  return out;
}

/**
 * Whether a union has an object among its branches. fast-json-stringify picks a union's branch by
 * validating the value against each, and an answer with a key the branch does not list (a row
 * with more columns than the schema) would match none and fail, where zod strips the key: such a
 * schema keeps the zod serialiser.
 */
function hasObjectUnion(node: unknown, properties = false): boolean {
  if (Array.isArray(node)) return node.some((n) => hasObjectUnion(n));
  if (!node || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node)) {
    if (properties) {
      if (hasObjectUnion(value)) return true;
      continue;
    }
    if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const isObject = (branch: JsonSchema) => branch.type === 'object' || 'properties' in branch;
      if ((value as JsonSchema[]).some(isObject)) return true;
    }
    if (hasObjectUnion(value, key === 'properties')) return true;
  }
  return false;
}

/** The fast serialiser of a zod schema, or null when JSON Schema cannot say what zod does. */
export function compileFast(schema: z.ZodType): Stringify | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      metadata: noIds,
    }) as JsonSchema;
  } catch {
    return null;
  }
  delete json.$schema;
  const simple = simplify(json);
  if (hasObjectUnion(simple)) return null;
  return fastJson(simple as Parameters<typeof fastJson>[0]) as Stringify;
}

type CompilerInput = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/** Fastify's serializer compiler for zod response schemas, compiled once per schema. */
export function createSerializerCompiler(options: { verify?: boolean } = {}) {
  const cache = new WeakMap<object, Stringify | null>();
  return (input: CompilerInput): Stringify => {
    const slow = zodSerializerCompiler(input) as Stringify;
    const schema = input.schema;
    let fast = cache.get(schema);
    if (fast === undefined) {
      fast = schema instanceof z.ZodType ? compileFast(schema) : null;
      cache.set(schema, fast);
    }
    if (!fast) return slow;
    if (!options.verify) return fast;
    const checked = fast;
    return (data) => {
      const expected = slow(data);
      const actual = checked(data);
      if (actual !== expected) {
        throw new Error(
          `fast serialiser of ${input.method} ${input.url} differs from zod:\n${actual}\n${expected}`,
        );
      }
      return actual;
    };
  };
}
