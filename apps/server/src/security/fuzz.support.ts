import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes it from the zod schemas) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema }[];
  body?: JsonSchema;
}

/** The operations of an OpenAPI document. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(ops)) {
      const op = raw as {
        parameters?: { name: string; in: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      };
      out.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query') as Operation['params'],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

/** Strings that have broken servers: huge, unicode of every plane, control characters, SQL and path tricks. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\uFFFF',
      '\uD800',
      '😀'.repeat(50),
      'ǅ̴̧͓̠̈́͐',
      '\u202Eevil',
      "' or 1=1 --",
      '"; drop table users; --',
      '%',
      '%00',
      '%%',
      '\\',
      '../../../../etc/passwd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '....//....//etc/passwd',
      '<script>alert(1)</script>',
      '{{7*7}}',
      ['$', '{7*7}'].join(''),
      '__proto__',
      'constructor',
      'NaN',
      'Infinity',
      '-0',
      '1e400',
      '9'.repeat(40),
      '0x10',
      ' 12 ',
      '1,2,,3',
      'true',
      'null',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => 'ü€😀'.repeat(n)) },
);

/** Numbers around every boundary a column or a schema has. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    0.5,
    1e-9,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.maxSafeInteger(),
);

/** Anything of the wrong type. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [[[[[]]]]], { __proto__: { admin: true } }),
  fc.anything({ maxDepth: 3, withNullPrototype: true }),
  fc.array(nastyNumber, { maxLength: 200 }),
);

/** Mostly small ids, so requests reach rows that exist. */
const likelyId = fc.integer({ min: 1, max: 60 });

/** A value that fits the schema (roughly: the generators lean towards valid so handlers run), sometimes not. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongValue;
  return fc.oneof({ weight: 5, arbitrary: validOf(schema, depth) }, { weight: 1, arbitrary: wrongValue });
}

function validOf(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => validOf(a, depth + 1)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...s, type }, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
      return fc.oneof(
        { weight: 4, arbitrary: likelyId },
        {
          weight: 1,
          arbitrary: fc.integer({ min: Math.max(min ?? -1e9, -1e9), max: Math.min(s.maximum ?? 1e9, 1e9) }),
        },
        { weight: 1, arbitrary: nastyNumber.map(Math.trunc) },
      );
    }
    case 'number':
      return fc.oneof(likelyId, nastyNumber);
    case 'string': {
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('learner@example.com'));
      if (s.format === 'date') return fc.oneof(fc.constant('2000-02-29'), fc.constant('2023-02-30'), nastyString);
      if (s.format === 'uri') return fc.oneof(fc.webUrl(), nastyString);
      const max = Math.min(s.maxLength ?? 60, 60);
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max }) },
        { weight: 1, arbitrary: likelyId.map(String) },
        { weight: 1, arbitrary: nastyString },
      );
    }
    case 'array':
      return fc.array(valueFor(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const rec = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueFor(v, depth + 1)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
      const extra = fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('__proto__', 'constructor', 'id', 'customer_id', 'user_id', 'role'),
        ),
        wrongValue,
        { maxKeys: 2 },
      );
      return fc.oneof(
        { weight: 4, arbitrary: rec },
        { weight: 1, arbitrary: fc.tuple(rec, extra).map(([a, b]) => ({ ...b, ...(a as object) })) },
      );
    }
    default:
      return wrongValue;
  }
}

/** Lone surrogates → U+FFFD (String.prototype.toWellFormed, which the TypeScript lib here does not know). */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A path or query value as text: usually encoded, sometimes raw (slashes, dots, percent signs as they are). */
export function textOf(v: unknown, raw: boolean): string {
  // a lone surrogate cannot be percent-encoded: it goes as an invalid UTF-8 sequence instead
  const s = wellFormed(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));
  if (raw) return s.replace(/[#?\s]/g, '').replace(/\uFFFD/g, '%ED%A0%80');
  return encodeURIComponent(s).replace(/%EF%BF%BD/g, '%ED%A0%80');
}

/** What no response may carry: a stack frame, SQL or a PostgreSQL error. */
export function leaks(body: string, status: number): string | null {
  if (/\n\s+at \S|\bat (?:async )?[\w$.<>[\] ]+ \([^)]*:\d+:\d+\)|node:internal|\/src\/[\w/.-]+\.ts:\d+/.test(body)) {
    return 'a stack trace';
  }
  if (
    /violates [\w ]*constraint|relation "|syntax error at or near|invalid input syntax|out of range for type/i.test(
      body,
    )
  ) {
    return 'a PostgreSQL error';
  }
  // content (trail texts, chat messages) may say "select "; error bodies never may
  if (status >= 400 && /\b(select|insert) [\w"*(]|\bfrom "?\w+"? where\b/i.test(body)) return 'SQL text';
  return null;
}
