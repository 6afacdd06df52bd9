import { pebbleResponseSchema, rewardsResponseSchema } from '@cairn/shared';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compilePick, trustedSerializer } from './trusted-json';

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

  it('passes leaves and arrays of leaves through without copying', () => {
    expect(compilePick(z.union([z.string(), z.number()]).nullable())).toBeNull();
    const list = ['a', 1];
    expect(compilePick(z.array(z.union([z.string(), z.number()])))?.(list)).toBe(list);
    const row = { a: 'x' };
    expect(compilePick(z.object({ a: z.string() }))?.(row)).not.toBe(row);
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
    // the pebble schema mixes unions, records, optional and nullable parts: its pick must be built without error
    expect(compilePick(pebbleResponseSchema)).toBeTypeOf('function');
  });

  it('picks a frozen array once and reuses its pick', () => {
    const list = z.array(z.object({ code: z.string() }));
    const pick = compilePick(list)!;
    const constant = Object.freeze([Object.freeze({ code: 'en', extra: 1 })]);
    const first = pick(constant);
    expect(first).toEqual([{ code: 'en' }]);
    expect(pick(constant)).toBe(first);
    const mutable = [{ code: 'de', extra: 2 }];
    expect(pick(mutable)).toEqual([{ code: 'de' }]);
    expect(pick(mutable)).not.toBe(pick(mutable));
  });
});
