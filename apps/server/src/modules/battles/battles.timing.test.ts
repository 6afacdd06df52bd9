import type { Battle } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { type Battler, battler } from '../../test/fixtures/battles.fixtures';
import { importTest } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, type TestApp } from '../../test/harness';

// Battles that feel like a duel (docs/battles.md): the server's own clock decides whether an answer was in time,
// the coach's extended-time need is honoured, speed points only when the package asks, and the reveals.

let t: TestApp;
let learner: Battler;
let rival: Battler;
let coach: Battler;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  learner = await battler(t, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
  rival = await battler(t, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
  coach = await battler(t, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
});
afterAll(() => t.close());

/** A battle trail of 3 one-question pebbles (answer "right", xp 10, with feedback) and its `battle:` block. */
async function trail(battle: string | null): Promise<number> {
  n += 1;
  const lines = ['format: cairn-trail/1', `name: Duel ${n}`, 'type: battle', 'tries: 0'];
  if (battle) lines.push(`battle: ${battle}`);
  lines.push('pebbles:');
  for (let i = 1; i <= 3; i++)
    lines.push(
      `  - name: Q${i}`,
      '    xp: 10',
      `    feedback: Because ${i}.`,
      '    minerals:',
      `      - { type: sa_text, title: Question ${i}, values: [wrong, { value: right, correct: true }] }`,
    );
  return importTest(t, lines.join('\n'), { assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email] });
}

/** rival challenges learner on a new trail, learner accepts: the battle id. */
async function duel(battle: string | null): Promise<{ id: number; trailId: number }> {
  const trailId = await trail(battle);
  const id = (await rival.challenge(trailId, learner.id)).json().data.id as number;
  expect((await learner.accept(id)).statusCode).toBe(200);
  return { id, trailId };
}

/** Moves the server's record of when `who` was served `pebbleId` into the past. */
async function servedAgo(battleId: number, who: Battler, pebbleId: number, seconds: number) {
  const res = await t.database.db.execute(sql`
    update battle_serves set served_at = clock_timestamp() - make_interval(secs => ${seconds})
    where battle_id = ${battleId} and user_id = ${who.id} and pebble_id = ${pebbleId}`);
  expect(res.rowCount).toBe(1);
}

/** GET /api/battle/{id}?serve={pebbleId}: the question is shown now. */
async function serveNext(who: Battler, battleId: number, pebbleId?: number): Promise<Battle> {
  const next = pebbleId ?? (await who.battleData(battleId)).next_pebble_id!;
  const res = await t.app.inject({ url: `/api/battle/${battleId}?serve=${next}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function answerNext(who: Battler, battleId: number, right: boolean, agoSeconds?: number) {
  const b = await serveNext(who, battleId);
  const pebbleId = b.next_pebble_id!;
  if (agoSeconds !== undefined) await servedAgo(battleId, who, pebbleId, agoSeconds);
  const res = await who.play(battleId, b.trail.id, pebbleId, right);
  expect(res.statusCode, res.body).toBe(200);
  return { pebbleId, battle: await who.battleData(battleId) };
}

const reveal = (b: Battle, pebbleId: number) => b.reveals.find((r) => r.pebble_id === pebbleId)!;
const setNeed = (userId: number, extended_time: string | null, by: Battler = coach) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}`, headers: bearer(by.token), payload: { extended_time } });

describe('a timed battle', () => {
  it('is untimed by default: no timing, nothing served, answers score whenever they come', async () => {
    const { id } = await duel(null);
    const b = await rival.battleData(id);
    expect(b.timing).toBeNull();
    const { battle } = await answerNext(rival, id, true);
    expect(battle.challenger.score).toBe(10);
    const served = await t.database.db.execute(sql`select 1 from battle_serves where battle_id = ${id}`);
    expect(served.rows).toHaveLength(0);
  });

  it('refuses points to a late answer on the server’s record; the client’s timing is never asked', async () => {
    const { id, trailId } = await duel('{ seconds_per_question: 10 }');
    // a read that does not show the question starts no clock
    const unserved = await rival.battleData(id);
    expect(unserved.timing).toMatchObject({ seconds_per_question: 10, my_seconds: 10, remaining_ms: null });
    const first = await serveNext(rival, id);
    expect(first.timing).toMatchObject({ seconds_per_question: 10, my_seconds: 10, speed_bonus: false });
    expect(first.timing!.remaining_ms).toBeGreaterThan(8000);
    expect(first.timing!.remaining_ms).toBeLessThanOrEqual(10_000);

    // in time: 10 points
    const inTime = await answerNext(rival, id, true, 3);
    expect(reveal(inTime.battle, inTime.pebbleId).mine).toMatchObject({ points: 10, late: false, passed: true });

    // serving again (a reload, a second tab) never restarts the clock of a served question
    const q2 = (await serveNext(rival, id)).next_pebble_id!;
    await servedAgo(id, rival, q2, 30);
    expect((await serveNext(rival, id, q2)).timing!.remaining_ms).toBe(0);

    // 30 s after it was served: stored (the trail keeps the answer), right, but 0 points
    const res = await rival.play(id, trailId, q2, true);
    expect(res.statusCode).toBe(200);
    const after = await rival.battleData(id);
    expect(reveal(after, q2).mine).toMatchObject({ passed: true, points: 0, late: true });
    expect(after.challenger.score).toBe(10);

    // a question the server never served (answered without reading the battle) is never in time
    const q3 = after.next_pebble_id!;
    await t.database.db.execute(sql`delete from battle_serves where battle_id = ${id} and pebble_id = ${q3}`);
    expect((await rival.play(id, trailId, q3, true)).statusCode).toBe(200);
    const done = await rival.battleData(id);
    expect(reveal(done, q3).mine.late).toBe(true);
    expect(done.challenger.score).toBe(10);
  });

  it('honours the extended-time need the coach sets (×2, untimed), and only a coach may set it', async () => {
    expect((await setNeed(learner.id, 'x2', learner)).statusCode).toBe(403);
    expect((await setNeed(learner.id, 'x3')).statusCode).toBe(422);
    const set = await setNeed(learner.id, 'x2');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.profile.extended_time).toBe('x2');
    const profile = await t.app.inject({
      url: `/api/results/users/trails/coach/${learner.id}`,
      headers: bearer(coach.token),
    });
    expect(profile.json().data.profile.extended_time).toBe('x2');

    try {
      const { id } = await duel('{ seconds_per_question: 10 }');
      const b = await serveNext(learner, id);
      expect(b.timing).toMatchObject({ seconds_per_question: 10, my_seconds: 20, extended_time: 'x2' });
      // 15 s: late for the rival (10 s), in time for the learner (20 s)
      const mine = await answerNext(learner, id, true, 15);
      expect(reveal(mine.battle, mine.pebbleId).mine).toMatchObject({ points: 10, late: false });
      const theirs = await answerNext(rival, id, true, 15);
      expect(reveal(theirs.battle, theirs.pebbleId).mine).toMatchObject({ points: 0, late: true });
      // 25 s is late even at ×2
      const slow = await answerNext(learner, id, true, 25);
      expect(reveal(slow.battle, slow.pebbleId).mine.late).toBe(true);

      // untimed: no clock at all
      expect((await setNeed(learner.id, 'untimed')).statusCode).toBe(200);
      const untimed = await learner.battleData(id);
      expect(untimed.timing).toMatchObject({ my_seconds: null, remaining_ms: null, extended_time: 'untimed' });
      // an hour to answer: no clock at all
      const late = await answerNext(learner, id, true);
      expect(reveal(late.battle, late.pebbleId).mine).toMatchObject({ points: 10, late: false });
    } finally {
      expect((await setNeed(learner.id, null)).statusCode).toBe(200);
    }
    const cleared = await t.app.inject({
      url: `/api/results/users/trails/coach/${learner.id}`,
      headers: bearer(coach.token),
    });
    expect(cleared.json().data.profile.extended_time).toBeNull();
  });

  it('gives speed points only when the package asks for them', async () => {
    const plain = await duel('{ seconds_per_question: 10 }');
    const p = await answerNext(rival, plain.id, true, 4);
    expect(reveal(p.battle, p.pebbleId).mine).toMatchObject({ points: 10, speed_points: 0 });

    const fast = await duel('{ seconds_per_question: 10, speed_bonus: true }');
    // 4 s of 10 used: 60 % of the half-points bonus (3) on top of 10
    const f = await answerNext(rival, fast.id, true, 4);
    expect(reveal(f.battle, f.pebbleId).mine).toMatchObject({ points: 13, speed_points: 3 });
    // a wrong answer earns no speed points
    const w = await answerNext(rival, fast.id, false, 1);
    expect(reveal(w.battle, w.pebbleId).mine).toMatchObject({ points: 0, speed_points: 0 });
    expect(w.battle.challenger.score).toBe(13);
  });

  it('a package may set battle timing only on battle trails, within 5–600 s', async () => {
    const bad = (type: string, battle: string) =>
      importTest(
        t,
        [
          'format: cairn-trail/1',
          'name: Bad',
          `type: ${type}`,
          `battle: ${battle}`,
          'pebbles:',
          '  - name: Q',
          '    minerals: [ { type: sa_text, title: Q, values: [a, { value: b, correct: true }] } ]',
        ].join('\n'),
      );
    await expect(bad('exam', '{ seconds_per_question: 10 }')).rejects.toThrow(/battle/);
    await expect(bad('battle', '{ seconds_per_question: 2 }')).rejects.toThrow(/seconds_per_question/);
  });
});

describe('the reveal after each question', () => {
  it('shows my answer, the right one and the feedback; the opponent’s once they answered it too', async () => {
    const { id } = await duel(null);
    const before = await learner.battleData(id);
    expect(before.reveals).toEqual([]);
    // nothing in the battle tells the right answer before it is answered
    expect(JSON.stringify(before)).not.toContain('right');

    const wrong = await answerNext(learner, id, false);
    expect(reveal(wrong.battle, wrong.pebbleId)).toEqual({
      pebble_id: wrong.pebbleId,
      name: 'Q1',
      correct: ['right'],
      feedback: 'Because 1.',
      mine: { answers: ['wrong'], passed: false, points: 0, speed_points: 0, late: false },
      opponent: null,
    });
    // the rival sees no reveal of a question they have not answered, so not the learner's answer either
    expect((await rival.battleData(id)).reveals).toEqual([]);

    const right = await answerNext(rival, id, true);
    const theirs = reveal(right.battle, right.pebbleId);
    expect(theirs.mine.answers).toEqual(['right']);
    expect(theirs.opponent).toMatchObject({ answers: ['wrong'], passed: false });
    const mine = reveal(await learner.battleData(id), wrong.pebbleId);
    expect(mine.opponent).toMatchObject({ answers: ['right'], passed: true, points: 10 });
  });
});
