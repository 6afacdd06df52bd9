import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodError, $ZodType, encode } from 'zod/v4/core';

/**
 * The response serializer of the hot reads (docs/performance.md, round 7). fastify-type-provider-zod checks every
 * response against its zod schema (`encode`: a full parse building a new object tree) and then stringifies it; on a
 * profile or a trail list that is a large share of the request's CPU. The bodies of these routes are built by our
 * own presenters from our own rows, so this serializer trusts their types and only does what the check changes in
 * the output of a valid body: it keeps the keys the schema declares (zod strips the others), in schema order. A
 * writer compiled once per schema writes the JSON text in one walk (round 8; round 7 built a stripped copy, then
 * JSON.stringify); parts whose valid values zod passes unchanged go to JSON.stringify whole. Schema parts whose
 * output zod may change beyond that (unions of objects, defaults, transforms, pipes, dates, loose objects…) still go
 * through zod's `encode`, so for every valid body the bytes are the same as before. The routes keep their schemas,
 * so the OpenAPI document does not change. A frozen array (deeply frozen: a presenter's constant) is written once
 * and its text reused.
 *
 * Under vitest every body is also sent through zod and the two outputs compared: a presenter that breaks its
 * schema still fails the API tests, and a difference between the two serializers fails them too.
 */

/** Writes one value as JSON; undefined for nothing (an absent optional value, as JSON.stringify leaves it out). */
type Write = (value: unknown) => string | undefined;

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

const whole: Write = (value) => JSON.stringify(value);

/** zod's own output for a part the writer does not model (or for a value of the wrong kind: zod throws). */
const viaZod =
  (schema: $ZodType): Write =>
  (value) =>
    JSON.stringify(encode(schema, value));

/**
 * The writer of a schema, compiled once: the JSON text zod's check and JSON.stringify would give for a valid value,
 * written in one walk without building the stripped copy first. `whole` (JSON.stringify of the value as it is) where
 * valid values pass zod unchanged: leaves, and arrays, records and unions of them.
 */
export function compileWriter(schema: $ZodType): Write {
  const def = defOf(schema);
  if (LEAVES.has(def.type)) return whole;
  switch (def.type) {
    case 'nullable': {
      const inner = compileWriter(def.innerType!);
      return inner === whole ? whole : (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      const inner = compileWriter(def.innerType!);
      return inner === whole ? whole : (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array': {
      const element = compileWriter(def.element!);
      const zod = viaZod(schema);
      if (element === whole) return (v) => (Array.isArray(v) ? JSON.stringify(v) : zod(v));
      // a frozen array is a constant of the presenters (e.g. the profile's supported languages): written once
      const constants = new WeakMap<unknown[], string>();
      const write = (v: unknown[]) => {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += `${i ? ',' : ''}${element(v[i]) ?? 'null'}`;
        return `${out}]`;
      };
      return (v) => {
        if (!Array.isArray(v)) return zod(v);
        if (!Object.isFrozen(v)) return write(v);
        let out = constants.get(v);
        if (out === undefined) {
          out = write(v);
          constants.set(v, out);
        }
        return out;
      };
    }
    case 'record': {
      if (defOf(def.keyType!).type !== 'string') return viaZod(schema);
      const value = compileWriter(def.valueType!);
      const zod = viaZod(schema);
      if (value === whole) return (v) => (isPlainObject(v) ? JSON.stringify(v) : zod(v));
      return (v) => {
        if (!isPlainObject(v)) return zod(v);
        let out = '';
        for (const k of Object.keys(v)) {
          const x = value(v[k]);
          if (x !== undefined) out += `${out ? ',' : ''}${JSON.stringify(k)}:${x}`;
        }
        return `{${out}}`;
      };
    }
    case 'object': {
      // a loose or strict object (catchall) keeps or refuses unknown keys: zod's business
      if (def.catchall) return viaZod(schema);
      const keys = Object.keys(def.shape!);
      const names = keys.map((k) => `${JSON.stringify(k)}:`);
      const writers = keys.map((k) => compileWriter(def.shape![k]));
      const zod = viaZod(schema);
      return (v) => {
        if (!isPlainObject(v)) return zod(v);
        let out = '';
        for (let i = 0; i < keys.length; i++) {
          const x = v[keys[i]];
          if (x === undefined) continue;
          const text = writers[i](x);
          if (text !== undefined) out += `${out ? ',' : ''}${names[i]}${text}`;
        }
        return `{${out}}`;
      };
    }
    case 'union':
      // a union of leaves outputs its value; with objects inside, which option matched decides the keys
      return def.options!.every((o) => compileWriter(o) === whole) ? whole : viaZod(schema);
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

/** The trusted serializer of one schema: its compiled writer. */
export function trustedSerializer(schema: $ZodType, method: string, url: string): (data: unknown) => string {
  const write = compileWriter(schema);
  return (data) => {
    try {
      return write(data) as string;
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
