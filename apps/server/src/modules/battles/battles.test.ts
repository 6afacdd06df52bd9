import type { Battle, ContendersPage, MyBattles, Pebble } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { type Battler, battler, battleTrail, makeLearner } from '../../test/fixtures/battles.fixtures';
import { importTest, optionId, pkg } from '../../test/fixtures/trails.fixtures';
import { bearer, countQueries, createTestApp, type TestApp } from '../../test/harness';
import { runBattleSweep } from './battles.jobs';

let t: TestApp;
let learner: Battler;
let rival: Battler;
let other: Battler;
let coach: Battler;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  learner = await battler(t, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
  rival = await battler(t, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
  other = await battler(t, DEMO_USERS.other.email, DEMO_USERS.other.password);
  coach = await battler(t, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
});
afterAll(() => t.close());

const pair = [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email];

describe('a battle from challenge to result', () => {
  it('challenge → accept → both play → finished with the winner, results and notifications', async () => {
    const trailId = await battleTrail(t, pair, 3, 'Winner battle');
    const res = await rival.challenge(trailId, learner.id);
    expect(res.statusCode).toBe(201);
    const created: Battle = res.json().data;
    expect(created).toMatchObject({
      status: 'challenged',
      me: 'challenger',
      total: 3,
      challenger: { id: rival.id, status: 'playing', name: 'Rico Rival' },
      contender: { id: learner.id, status: 'pending' },
    });
    const [challengeNote] = await learner.notifications();
    expect(challengeNote.data).toMatchObject({
      type: 'challenge',
      battle_id: created.id,
      trail_id: trailId,
      trail: 'Winner battle',
      player: 'Rico Rival',
    });

    // the contender cannot play before accepting; the challenger cannot accept for them
    const first = (await learner.battleData(created.id)).next_pebble_id;
    expect(first).toBeNull();
    expect((await rival.accept(created.id)).statusCode).toBe(403);
    const accepted = await learner.accept(created.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'accepted',
      me: 'contender',
      contender: { status: 'playing' },
    });
    expect((await learner.accept(created.id)).statusCode).toBe(409);
    expect((await learner.decline(created.id)).json().code).toBe('battle_state');
    expect((await rival.notifications())[0].data).toMatchObject({ type: 'accepted', player: 'Lena Learner' });

    // learner answers all three right, rival two right and one wrong
    await learner.playAll(created.id, () => true);
    const mid = await rival.battleData(created.id);
    expect(mid.status).toBe('accepted');
    expect(mid.contender).toMatchObject({ answered: 3, score: 30, status: 'finished' });
    expect(mid.questions).toEqual([]);
    const end = await rival.playAll(created.id, (i) => i !== 1);
    expect(end).toMatchObject({
      status: 'finished',
      winner_id: learner.id,
      challenger: { score: 20, status: 'finished' },
      contender: { score: 30, status: 'finished' },
    });
    expect(end.questions.map((q) => [q.name, q.passed_me, q.passed_opponent])).toEqual([
      ['Q1', true, true],
      ['Q2', false, true],
      ['Q3', true, true],
    ]);
    expect((await learner.notifications())[0].data).toMatchObject({ type: 'finished', player: 'Rico Rival' });
    expect((await rival.notifications())[0].data).toMatchObject({ type: 'finished', player: 'Lena Learner' });

    const mine: MyBattles = (await learner.mine()).json().data;
    const row = mine.battles.find((b) => b.id === created.id)!;
    expect(row).toMatchObject({ status: 'finished', outcome: 'won', me: { score: 30 }, opponent: { score: 20 } });
    expect(row.questions.map((q) => q.passed_opponent)).toEqual([true, false, true]);
    expect(mine.summary).toMatchObject({ battles: 1, won: 1, lost: 0, draw: 0, points: 30 });
    const rivals: MyBattles = (await rival.mine()).json().data;
    expect(rivals.summary).toMatchObject({ battles: 1, won: 0, lost: 1, points: 20 });

    // a finished battle takes no more answers, and a new challenge between the two is allowed again
    const late = await learner.play(created.id, trailId, first ?? end.questions[0].id, true);
    expect(late.statusCode).toBe(409);
    const again = await learner.challenge(trailId, rival.id);
    expect(again.statusCode).toBe(201);
    expect((await rival.decline(again.json().data.id)).statusCode).toBe(200);
  });

  it('ends in a draw when both score the same; the server decides the points', async () => {
    const trailId = await battleTrail(t, pair, 2, 'Draw battle');
    const b: Battle = (await learner.challenge(trailId, rival.id)).json().data;
    await learner.playAll(b.id, (i) => i === 0);
    expect((await rival.accept(b.id)).statusCode).toBe(200);
    const end = await rival.playAll(b.id, (i) => i === 1);
    expect(end).toMatchObject({
      status: 'finished',
      winner_id: null,
      challenger: { score: 10 },
      contender: { score: 10 },
    });
    const mine: MyBattles = (await rival.mine()).json().data;
    expect(mine.battles.find((x) => x.id === b.id)?.outcome).toBe('draw');
  });

  it('a declined challenge tells the challenger and cannot be played', async () => {
    const trailId = await battleTrail(t, pair, 2, 'Declined battle');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    const declined = await learner.decline(b.id);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'declined', contender: { status: 'declined' } });
    expect((await rival.notifications())[0].data).toMatchObject({ type: 'declined', player: 'Lena Learner' });
    expect((await learner.accept(b.id)).statusCode).toBe(409);
    const p = b.next_pebble_id!;
    const res = await rival.play(b.id, trailId, p, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('battle_state');
    // the refused battle answer is rolled back with the answer itself
    expect((await rival.pebble(trailId, p)).answered).toBe(false);
  });
});

describe('refusals', () => {
  it('refuses a second open battle between the same pair on the same trail, either way round', async () => {
    const trailId = await battleTrail(t, pair, 1, 'Pair battle');
    expect((await rival.challenge(trailId, learner.id)).statusCode).toBe(201);
    const twice = await rival.challenge(trailId, learner.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('battle_exists');
    expect((await learner.challenge(trailId, rival.id)).statusCode).toBe(409);
    // both at once: one wins
    const trail2 = await battleTrail(t, pair, 1, 'Race battle');
    const codes = (await Promise.all([rival.challenge(trail2, learner.id), learner.challenge(trail2, rival.id)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 409]);
  });

  it('404s users of another customer, unassigned trails and strangers to the battle; 422s non-battle trails and self', async () => {
    const trailId = await battleTrail(t, pair, 1, 'Refusal battle');
    expect((await rival.challenge(trailId, other.id)).statusCode).toBe(404);
    expect((await other.challenge(trailId, rival.id)).statusCode).toBe(404);
    expect((await rival.challenge(999_999, learner.id)).statusCode).toBe(404);
    // coaches are not challenged (learners only)
    expect((await rival.challenge(trailId, coach.id)).statusCode).toBe(404);
    const self = await rival.challenge(trailId, rival.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.user_id).toBeDefined();
    const exam = await importTest(
      t,
      pkg({ type: 'exam', name: 'Not a battle' }, [
        '  - name: Only',
        '    minerals:',
        '      - { type: text_input, title: T }',
      ]),
      { assign: pair },
    );
    expect((await rival.challenge(exam, learner.id)).statusCode).toBe(422);
    expect((await rival.contenders(exam)).statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/game/challenge/${trailId}`,
      headers: { authorization: `Bearer ${rival.token}` },
      payload: { user_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);

    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    expect((await other.battle(b.id)).statusCode).toBe(404);
    expect((await coach.battle(b.id)).statusCode).toBe(404);
    expect((await coach.accept(b.id)).statusCode).toBe(404);
    expect((await other.decline(b.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/battle/${b.id}` })).statusCode).toBe(401);
    // a battle id on a pebble of another trail
    const otherTrail = await battleTrail(t, pair, 1, 'Other battle');
    const pebble = (await rival.pebble(otherTrail)).id;
    const wrong = await rival.play(b.id, otherTrail, pebble, true);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.battle_id).toBeDefined();
    // the contender cannot play before accepting
    const early = await learner.play(b.id, trailId, b.next_pebble_id!, true);
    expect(early.statusCode).toBe(409);
  });
});

describe('contenders', () => {
  it('lists the learners assigned to the trail (not the actor, not paused, not coaches), searchable, with stats', async () => {
    const trailId = await battleTrail(t, pair, 1, 'Contender battle');
    const extra = await makeLearner(t, 'Paula');
    await t.database.db.execute(
      sql`insert into trail_assignments (trail_id, user_id) values (${trailId}, ${extra.id})`,
    );
    const page: ContendersPage = (await rival.contenders(trailId)).json();
    expect(page.data.map((c) => c.name)).toEqual(['Lena Learner', 'Paula Tester']);
    expect(page.meta.pagination).toMatchObject({ total: 2, current_page: 1 });
    expect(page.data[0].stats).toMatchObject({ battles: expect.any(Number), won: expect.any(Number) });
    const found: ContendersPage = (await rival.contenders(trailId, '?search=paul')).json();
    expect(found.data.map((c) => c.id)).toEqual([extra.id]);
    await t.database.db.execute(sql`update users set is_paused = true where id = ${extra.id}`);
    const after: ContendersPage = (await rival.contenders(trailId)).json();
    expect(after.data.map((c) => c.name)).toEqual(['Lena Learner']);
    await t.database.db.execute(sql`update users set is_paused = false where id = ${extra.id}`);
    expect((await other.contenders(trailId)).statusCode).toBe(404);
  });

  it('lists contenders and battles with a fixed number of queries whatever their number', async () => {
    const queries = countQueries(t.database.pool);
    try {
      const trailId = await battleTrail(t, pair, 2, 'Counting battle');
      const measure = async (call: () => Promise<{ statusCode: number }>) => {
        queries.reset();
        expect((await call()).statusCode).toBe(200);
        return queries.count;
      };
      await measure(() => rival.mine());
      const fewBattles = await measure(() => rival.mine());
      const fewContenders = await measure(() => rival.contenders(trailId));
      for (let i = 0; i < 3; i++) {
        const u = await makeLearner(t, `Count${i}`);
        await t.database.db.execute(
          sql`insert into trail_assignments (trail_id, user_id) values (${trailId}, ${u.id})`,
        );
        const b: Battle = (await rival.challenge(trailId, u.id)).json().data;
        await rival.playAll(b.id, () => true);
        await t.database.db.execute(sql`update battles set status = 'accepted', accepted_at = now(),
          deadline_at = now() - interval '1 minute' where id = ${b.id}`);
      }
      await runBattleSweep(t.database.db);
      const manyBattles = await measure(() => rival.mine());
      const manyContenders = await measure(() => rival.contenders(trailId));
      const mine: MyBattles = (await rival.mine()).json().data;
      expect(mine.battles.filter((b) => b.status === 'finished').length).toBeGreaterThanOrEqual(3);
      expect(manyBattles).toBe(fewBattles);
      expect(manyContenders).toBe(fewContenders);
    } finally {
      queries.restore();
    }
  });
});

describe('answers', () => {
  it("a battle answer is the player's two statements plus the battle's own, in one transaction: 7 queries", async () => {
    const trailId = await battleTrail(t, pair, 3, 'Counted battle');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    const pebble: Pebble = await rival.pebble(trailId, b.next_pebble_id!);
    const queries = countQueries(t.database.pool);
    let count: number;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/pebbles/${pebble.id}`,
        headers: bearer(rival.token),
        payload: { answers: [{ id: pebble.minerals[0].id, options: [optionId(pebble, 'right')] }], battle_id: b.id },
      });
      expect(res.statusCode).toBe(200);
      count = queries.count;
    } finally {
      queries.restore();
    }
    // load; begin, store and score, the battle row locked, the counted answer and score, BATTLE_UPDATE to both, commit
    expect(count).toBe(7);
    expect((await rival.battleData(b.id)).challenger).toMatchObject({ answered: 1, score: 10 });
  });

  it('a battle answered by the challenger from two tabs at once stores one answer per pebble', async () => {
    const trailId = await battleTrail(t, pair, 2, 'Two tabs battle');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    const p = b.next_pebble_id!;
    const results = await Promise.all([rival.play(b.id, trailId, p, true), rival.play(b.id, trailId, p, false)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from battle_answers where battle_id = ${b.id} and user_id = ${rival.id}`,
    );
    expect(rows.rows[0].n).toBe(1);
    const after = await rival.battleData(b.id);
    expect(after.challenger.answered).toBe(1);
    expect([0, 10]).toContain(after.challenger.score);
    expect(after.next_pebble_id).not.toBe(p);
  });
});

describe('scheduled battle work', () => {
  it('reminds once, replaces a contender who never answers, and ends battles at the deadline', async () => {
    const trailId = await battleTrail(t, pair, 2, 'Sweep battle');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * HOUR);
    expect((await runBattleSweep(t.database.db, at(1))).challengeReminders).toBe(0);
    // two runs at once (two instances) and a third later: one reminder
    await Promise.all([runBattleSweep(t.database.db, at(25)), runBattleSweep(t.database.db, at(25))]);
    await runBattleSweep(t.database.db, at(26));
    const reminders = (await learner.notifications()).filter(
      (n) => n.data.type === 'reminder_challenge' && n.data.battle_id === b.id,
    );
    expect(reminders).toHaveLength(1);

    // 48 h without an answer: another learner assigned to the trail gets the challenge
    const newcomer = await makeLearner(t, 'Nina');
    await t.database.db.execute(
      sql`insert into trail_assignments (trail_id, user_id) values (${trailId}, ${newcomer.id})`,
    );
    await Promise.all([runBattleSweep(t.database.db, at(49)), runBattleSweep(t.database.db, at(49))]);
    const changed = (await rival.notifications()).filter((n) => n.data.battle_id === b.id);
    expect(changed.filter((n) => n.data.type === 'oppenent_changed')).toHaveLength(1);
    expect(changed[0].data).toMatchObject({
      type: 'oppenent_changed',
      player: 'Nina Tester',
      old_player: 'Lena Learner',
    });
    const nina = await battler(t, newcomer.email, newcomer.password);
    expect((await nina.notifications())[0].data).toMatchObject({ type: 'challenge', battle_id: b.id });
    expect((await learner.battle(b.id)).statusCode).toBe(404);

    // accepted: a reminder to finish after 24 h, the end at the deadline; the idle side forfeits
    await nina.accept(b.id);
    await nina.play(b.id, trailId, b.next_pebble_id!, true);
    await Promise.all([runBattleSweep(t.database.db, at(24 + 1)), runBattleSweep(t.database.db, at(24 + 1))]);
    await runBattleSweep(t.database.db, at(24 + 2));
    const finishReminders = async (who: Battler) =>
      (await who.notifications()).filter((n) => n.data.type === 'reminder_finish' && n.data.battle_id === b.id);
    expect(await finishReminders(rival)).toHaveLength(1);
    expect(await finishReminders(nina)).toHaveLength(1);
    await Promise.all([runBattleSweep(t.database.db, at(80)), runBattleSweep(t.database.db, at(80))]);
    const done = await nina.battleData(b.id);
    expect(done).toMatchObject({
      status: 'finished',
      winner_id: newcomer.id,
      contender: { score: 10 },
      challenger: { score: 0 },
    });
    expect(
      (await rival.notifications()).filter((n) => n.data.type === 'finished' && n.data.battle_id === b.id),
    ).toHaveLength(1);
  });

  it('declines a challenge nobody else can take', async () => {
    const trailId = await battleTrail(t, [DEMO_USERS.learner.email, DEMO_USERS.rival.email], 1, 'Lonely battle');
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    const r = await runBattleSweep(t.database.db, new Date(Date.now() + 49 * HOUR));
    expect(r.expired).toBeGreaterThanOrEqual(1);
    expect((await rival.battleData(b.id)).status).toBe('declined');
    expect((await rival.notifications())[0].data).toMatchObject({ type: 'declined', battle_id: b.id });
  });
});
