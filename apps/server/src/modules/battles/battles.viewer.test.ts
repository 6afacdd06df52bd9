import type { AnswerResponse, Battle } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { type Battler, battler, battleTrail } from '../../test/fixtures/battles.fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let learner: Battler;
let rival: Battler;

beforeAll(async () => {
  t = await createTestApp();
  learner = await battler(t, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
  rival = await battler(t, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
});
afterAll(() => t.close());

const pair = [DEMO_USERS.learner.email, DEMO_USERS.rival.email];

/** Plays every remaining question; returns each answer's response. */
async function playAll(who: Battler, battleId: number, right: (i: number) => boolean): Promise<AnswerResponse[]> {
  const out: AnswerResponse[] = [];
  for (let i = 0; ; i++) {
    const b: Battle = await who.battleData(battleId);
    if (b.next_pebble_id === null) return out;
    const res = await who.play(battleId, b.trail.id, b.next_pebble_id, right(i));
    expect(res.statusCode).toBe(200);
    out.push(res.json());
  }
}

describe('§4: the battle finished for the viewer, and the answer that finishes it', () => {
  it('a challenger who has finished gets the summary (and the battle in the last answer), the contender not yet', async () => {
    const trailId = await battleTrail(t, pair, 3, 'Viewer battle');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    expect(b.finished_for_me).toBe(false);

    const answers = await playAll(rival, b.id, (i) => i !== 1);
    expect(answers.slice(0, 2).map((a) => a.battle)).toEqual([undefined, undefined]);
    const last = answers[2].battle!;
    expect(last).toMatchObject({ id: b.id, status: 'challenged', finished_for_me: true, challenger: { score: 20 } });
    // the summary's questions: the challenger's own marks, the contender's still open
    expect(last.questions.map((q) => [q.name, q.passed_me, q.passed_opponent])).toEqual([
      ['Q1', true, null],
      ['Q2', false, null],
      ['Q3', true, null],
    ]);
    expect((await rival.battleData(b.id)).finished_for_me).toBe(true);
    expect(await learner.battleData(b.id)).toMatchObject({ finished_for_me: false, questions: [] });

    expect((await learner.accept(b.id)).statusCode).toBe(200);
    const theirs = await playAll(learner, b.id, () => true);
    expect(theirs[1].battle).toBeUndefined();
    // the answer that ends the battle carries it, finished, with the outcome's data
    expect(theirs[2].battle).toMatchObject({
      status: 'finished',
      finished_for_me: true,
      winner_id: learner.id,
      contender: { score: 30 },
      challenger: { score: 20 },
    });
    expect(theirs[2].battle!.questions.map((q) => q.passed_opponent)).toEqual([true, false, true]);
  });

  it('a contender who finishes first is not finished yet (the spec names only the challenger)', async () => {
    const trailId = await battleTrail(t, pair, 2, 'Contender first');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    expect((await learner.accept(b.id)).statusCode).toBe(200);
    const answers = await playAll(learner, b.id, () => true);
    expect(answers[1].battle).toMatchObject({
      status: 'accepted',
      finished_for_me: false,
      contender: { status: 'finished' },
      questions: [],
    });
    const end = await playAll(rival, b.id, () => false);
    expect(end[1].battle).toMatchObject({ status: 'finished', finished_for_me: true, winner_id: learner.id });
  });
});
