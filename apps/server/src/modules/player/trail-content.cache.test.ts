import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { PebbleDetail } from './player.types';
import { heldDetail, heldNextDetail, heldTrail, holdContent, holdDetail, LIMIT } from './trail-content.cache';

const detail = (id: number, trailId: number) =>
  ({
    pebble: { id, trailId, name: `P${id}` },
    minerals: [{ id: id * 10, options: [{ id: id * 100 }] }],
  }) as unknown as PebbleDetail;

describe('trail content held by the process', () => {
  it('is kept per database, deep-frozen, and the first detail held stays', () => {
    const [a, b] = [{} as Db, {} as Db];
    holdDetail(a, detail(1, 7));
    holdDetail(a, { ...detail(1, 7), minerals: [] } as PebbleDetail);
    expect(heldTrail(a, 7).ids).toEqual([1]);
    expect(heldDetail(a, 1)?.minerals).toHaveLength(1);
    expect(heldDetail(b, 1)).toBeUndefined();
    expect(() => {
      (heldDetail(a, 1)!.minerals[0].options as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('does not hold an empty trail (an import may still fill it), and holds a filled one once', () => {
    const db = {} as Db;
    holdContent(db, 3, { trail: { id: 3 } as never, pebbles: [] });
    expect(heldTrail(db, 3).content).toBeUndefined();
    holdContent(db, 3, { trail: { id: 3, name: 'first' } as never, pebbles: [{ id: 1 } as never] });
    holdContent(db, 3, { trail: { id: 3, name: 'second' } as never, pebbles: [{ id: 1 } as never] });
    expect(heldTrail(db, 3).content?.trail.name).toBe('first');
  });

  it("finds the next pebble's detail by the trail's held order, the last pebble's as itself", () => {
    const db = {} as Db;
    const [one, two, three] = [detail(1, 5), detail(2, 5), detail(3, 5)];
    for (const d of [one, two, three]) holdDetail(db, d);
    expect(heldNextDetail(db, one)).toBeUndefined(); // the order is not held yet
    holdContent(db, 5, { trail: { id: 5 } as never, pebbles: [{ id: 1 }, { id: 3 }, { id: 2 }] as never });
    expect([heldNextDetail(db, one), heldNextDetail(db, three), heldNextDetail(db, two)]).toEqual([three, two, two]);
  });

  it(`starts again from empty past ${LIMIT} pebbles; a request keeps what it took`, () => {
    const db = {} as Db;
    for (let id = 1; id <= LIMIT; id++) holdDetail(db, detail(id, 1 + (id % 50)));
    const taken = heldTrail(db, 2);
    const listed = taken.ids;
    expect(heldDetail(db, 1)).toBeDefined();
    holdDetail(db, detail(LIMIT + 1, 99));
    expect(heldDetail(db, 1)).toBeUndefined();
    expect(heldTrail(db, 2).ids).toEqual([]);
    expect(heldTrail(db, 99).ids).toEqual([LIMIT + 1]);
    // the request that listed trail 2's ids before the start-over still finds every one of them
    expect(listed.every((id) => taken.details.has(id))).toBe(true);
  });
});
