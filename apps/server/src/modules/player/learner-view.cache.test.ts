import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { TrailView } from '../trails/trails.repo';
import { forgetLearnerView, heldLearnerView, holdLearnerView, LIMIT } from './learner-view.cache';

const view = (trailId: number, answered: number[] = []): TrailView => ({
  trail: { id: trailId, name: `T${trailId}` } as TrailView['trail'],
  coach: null,
  pebbles: [{ id: 1 }, { id: 2 }] as TrailView['pebbles'],
  states: new Map(answered.map((id) => [id, { pebbleId: id, answeredAt: new Date(0), passed: true }])),
  triesUsed: 1,
  startsOn: null,
  dueOn: null,
});

describe('learner views held by the process', () => {
  it('are kept per database, learner and trail, and forgotten on demand', () => {
    const [a, b] = [{} as Db, {} as Db];
    holdLearnerView(a, 5, view(7, [1]));
    expect(heldLearnerView(a, 5, 7)?.states.has(1)).toBe(true);
    expect(heldLearnerView(a, 6, 7)).toBeUndefined();
    expect(heldLearnerView(a, 5, 8)).toBeUndefined();
    expect(heldLearnerView(b, 5, 7)).toBeUndefined();
    forgetLearnerView(a, 5, 7);
    expect(heldLearnerView(a, 5, 7)).toBeUndefined();
  });

  it('hand out copies: a request deciding on one changes nothing held', () => {
    const db = {} as Db;
    holdLearnerView(db, 5, view(7, [1]));
    const taken = heldLearnerView(db, 5, 7)!;
    taken.states.set(2, { pebbleId: 2, answeredAt: new Date(0), passed: false });
    taken.triesUsed = 3;
    const again = heldLearnerView(db, 5, 7)!;
    expect([...again.states.keys()]).toEqual([1]);
    expect(again.triesUsed).toBe(1);
  });

  it("share a trail's row and pebbles between its learners, and start over past LIMIT", () => {
    const db = {} as Db;
    holdLearnerView(db, 1, view(7));
    holdLearnerView(db, 2, view(7));
    expect(heldLearnerView(db, 2, 7)!.pebbles).toBe(heldLearnerView(db, 1, 7)!.pebbles);
    for (let user = 3; user <= LIMIT; user++) holdLearnerView(db, user, view(7));
    expect(heldLearnerView(db, 1, 7)).toBeDefined();
    holdLearnerView(db, LIMIT + 1, view(7));
    expect(heldLearnerView(db, 1, 7)).toBeUndefined();
    expect(heldLearnerView(db, LIMIT + 1, 7)).toBeDefined();
  });
});
