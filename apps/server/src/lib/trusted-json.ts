import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodError, $ZodType, encode } from 'zod/v4/core';

/**
 * The response serializer of the hot reads (docs/performance.md, round 7). fastify-type-provider-zod checks every
 * response against its zod schema (`encode`: a full parse building a new object tree) and then stringifies it; on a
 * profile or a trail list that is a large share of the request's CPU. The bodies of these routes are built by our
 * own presenters from our own rows, so this serializer trusts their types and only does what the check changes in
 * the output of a valid body: it keeps the keys the schema declares (zod strips the others) — a "pick" compiled once
 * per schema — then JSON.stringify. Schema parts whose output zod may change beyond that (unions of objects,
 * defaults, transforms, pipes, dates, loose objects…) still go through zod's `encode`, so for every valid body the
 * bytes are the same as before. The routes keep their schemas, so the OpenAPI document does not change. A frozen
 * array (deeply frozen: a presenter's constant) is picked once and its pick reused.
 *
 * Under vitest every body is also sent through zod and the two outputs compared: a presenter that breaks its
 * schema still fails the API tests, and a difference between the two serializers fails them too.
 */

type Pick = (value: unknown) => unknown;

/** Node types whose valid values zod outputs unchanged. */
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'enum',
  'literal',
  'any',
  'unknown',
  'nan',
  'template_literal',
]);

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** zod's own output for a part the pick does not model (or for a value of the wrong kind: zod throws). */
const viaZod =
  (schema: $ZodType): Pick =>
  (value) =>
    encode(schema, value);

/** The pick of a schema; null when valid values pass through unchanged (no copy needed). */
export function compilePick(schema: $ZodType): Pick | null {
  const def = defOf(schema);
  if (LEAVES.has(def.type)) return null;
  switch (def.type) {
    case 'nullable': {
      const inner = compilePick(def.innerType!);
      return inner && ((v) => (v === null ? null : inner(v)));
    }
    case 'optional': {
      const inner = compilePick(def.innerType!);
      return inner && ((v) => (v === undefined ? undefined : inner(v)));
    }
    case 'array': {
      const element = compilePick(def.element!);
      const zod = viaZod(schema);
      if (!element) return (v) => (Array.isArray(v) ? v : zod(v));
      // a frozen array is a constant of the presenters (e.g. the profile's supported languages): picked once
      const constants = new WeakMap<unknown[], unknown[]>();
      return (v) => {
        if (!Array.isArray(v)) return zod(v);
        if (!Object.isFrozen(v)) return v.map(element);
        let out = constants.get(v);
        if (out === undefined) {
          out = v.map(element);
          constants.set(v, out);
        }
        return out;
      };
    }
    case 'record': {
      const value = compilePick(def.valueType!);
      if (defOf(def.keyType!).type !== 'string') return viaZod(schema);
      const zod = viaZod(schema);
      if (!value) return (v) => (isPlainObject(v) ? v : zod(v));
      return (v) => {
        if (!isPlainObject(v)) return zod(v);
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(v)) out[k] = value(v[k]);
        return out;
      };
    }
    case 'object': {
      // a loose or strict object (catchall) keeps or refuses unknown keys: zod's business
      if (def.catchall) return viaZod(schema);
      const keys = Object.keys(def.shape!);
      const picks = keys.map((k) => compilePick(def.shape![k]));
      const zod = viaZod(schema);
      return (v) => {
        if (!isPlainObject(v)) return zod(v);
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const x = v[keys[i]];
          if (x === undefined) continue;
          const p = picks[i];
          out[keys[i]] = p ? p(x) : x;
        }
        return out;
      };
    }
    case 'union':
      // a union of leaves outputs its value; with objects inside, which option matched decides the keys
      return def.options!.every((o) => compilePick(o) === null) ? null : viaZod(schema);
    default:
      return viaZod(schema);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function resolveSchema(maybe: unknown): $ZodType {
  if (maybe instanceof $ZodType) return maybe;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`not a zod schema: ${JSON.stringify(maybe)}`);
}

const checkAgainstZod = Boolean(process.env.VITEST);

/** The trusted serializer of one schema: its compiled pick, then JSON.stringify. */
export function trustedSerializer(schema: $ZodType, method: string, url: string): (data: unknown) => string {
  const pick = compilePick(schema);
  return (data) => {
    try {
      return JSON.stringify(pick ? pick(data) : data);
    } catch (cause) {
      throw cause instanceof $ZodError ? new ResponseSerializationError(method, url, { cause }) : cause;
    }
  };
}

/** A route's `serializerCompiler` (hot reads only): the trusted serializer, checked against zod under vitest. */
export const trustedSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = resolveSchema(schema);
  const serialize = trustedSerializer(zodSchema, method, url);
  if (!checkAgainstZod) return serialize;
  return (data: unknown) => {
    let expected: string;
    try {
      expected = JSON.stringify(encode(zodSchema, data));
    } catch (cause) {
      throw cause instanceof $ZodError ? new ResponseSerializationError(method, url, { cause }) : cause;
    }
    const sent = serialize(data);
    if (sent !== expected) {
      throw new Error(`${method} ${url}: the trusted serializer differs from zod:\n${sent}\n${expected}`);
    }
    return sent;
  };
};
