import { pebbleResponseSchema, rewardsResponseSchema } from '@cairn/shared';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileWriter, trustedSerializer } from './trusted-json';

// the trusted serializer alone (routes get it through trustedSerializerCompiler, which under vitest also checks it)
const compile = (schema: z.ZodType) => trustedSerializer(schema, 'GET', '/test');
/** What fastify-type-provider-zod sends for a valid body. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

describe('trusted serializer', () => {
  const item = z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable().optional(),
    tags: z.array(z.string()),
    owner: z.object({ id: z.number(), name: z.string() }).nullable(),
    counts: z.record(z.string(), z.number()),
    parts: z.array(z.object({ k: z.enum(['a', 'b']), v: z.union([z.string(), z.number()]).nullable() })),
    shape: z.union([z.object({ kind: z.literal('dot') }), z.object({ kind: z.literal('box'), w: z.number() })]),
    label: z.string().default('none'),
  });
  const schema = z.object({ data: z.array(item) });
  const body = {
    extra: 'dropped',
    data: [
      {
        id: 1,
        name: 'x',
        secret: 'dropped too',
        tags: ['a'],
        owner: { id: 2, name: 'o', password: 'never sent' },
        counts: { a: 1, b: 2 },
        parts: [
          { k: 'a', v: 3, hidden: true },
          { k: 'b', v: null },
        ],
        shape: { kind: 'box', w: 3, depth: 9 },
        label: 'first',
      },
      {
        id: 2,
        name: 'y',
        note: null,
        tags: [],
        owner: null,
        counts: {},
        parts: [],
        shape: { kind: 'dot' },
        label: 'set',
      },
    ],
  };

  it('sends the same bytes as the zod check for a valid body: declared keys only, in schema order', () => {
    const sent = compile(schema)(body);
    expect(sent).toBe(viaZod(schema, body));
    expect(sent).not.toContain('dropped');
    expect(sent).not.toContain('never sent');
    expect(sent).not.toContain('depth');
  });

  it('writes leaves and arrays of leaves as JSON.stringify does, objects with their declared keys only', () => {
    const list = ['a', 1, 'line\n"quoted"', 2.5];
    expect(compileWriter(z.array(z.union([z.string(), z.number()])))(list)).toBe(JSON.stringify(list));
    expect(compileWriter(z.string().nullable())(null)).toBe('null');
    const row = { b: 1, a: 'x', c: undefined };
    expect(compileWriter(z.object({ a: z.string(), c: z.string().optional() }))(row)).toBe('{"a":"x"}');
    const sparse = [{ a: 'x' }, undefined];
    expect(compileWriter(z.array(z.object({ a: z.string() }).optional()))(sparse)).toBe('[{"a":"x"},null]');
  });

  it('still refuses a body of the wrong shape where it copies (a 500, as before)', () => {
    const send = compile(schema);
    let error: unknown;
    try {
      send({ data: 'not a list' });
    } catch (e) {
      error = e;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('agrees with zod on the contract schemas of the hot reads', () => {
    const reward = {
      id: 1,
      trail_id: 2,
      title: 'Summit',
      subtitle: null,
      description: null,
      experience: 10,
      media: { url: '/files/content/a.png', size: 3 },
      prize_title: null,
      prize_description: null,
      created_at: '2026-11-23T10:00:00.000Z',
      readable_achieved_at: 'November 23, 2026',
      first_time: true,
      latest: false,
    };
    const rewards = { data: [reward, { ...reward, id: 2, media: null }] };
    expect(compile(rewardsResponseSchema)(rewards)).toBe(viaZod(rewardsResponseSchema, rewards));
    // the pebble schema mixes unions, records, optional and nullable parts: its writer must be built without error
    expect(compileWriter(pebbleResponseSchema)).toBeTypeOf('function');
  });

  it('writes a frozen array once and reuses its text; a mutable one is written each time', () => {
    const list = z.array(z.object({ code: z.string() }));
    const write = compileWriter(list);
    let reads = 0;
    const constant = Object.freeze([
      Object.freeze({
        get code() {
          reads++;
          return 'en';
        },
        extra: 1,
      }),
    ]);
    expect(write(constant)).toBe('[{"code":"en"}]');
    expect(write(constant)).toBe('[{"code":"en"}]');
    expect(reads).toBe(1);
    const mutable = [{ code: 'de', extra: 2 }];
    expect(write(mutable)).toBe('[{"code":"de"}]');
    mutable[0].code = 'fr';
    expect(write(mutable)).toBe('[{"code":"fr"}]');
  });
});
