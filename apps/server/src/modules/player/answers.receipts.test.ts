import { type Pebble, uuidV7 } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../db/seed';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
let coachToken: string;
let learner: ReturnType<typeof player>;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  coachToken = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learner = player(t, token);
});
afterAll(() => t.close());

const assign = { assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email] };
const TRAIL = (name: string) =>
  pkg({ name, pass: 50 }, [
    '  - name: Choice',
    '    xp: 10',
    '    can_change_answer: false',
    '    minerals:',
    '      - { type: sa_text, title: Two, values: [{ value: "2", correct: true }, "3"] }',
    '  - name: Input',
    '    xp: 10',
    '    minerals:',
    '      - { type: text_input, title: Capital of France, correct: [Paris] }',
    '  - name: Last',
    '    xp: 10',
    '    minerals:',
    '      - { type: text_input, title: Anything }',
  ]);

const post = (pebbleId: number, body: object, who = token) =>
  t.app.inject({ method: 'POST', url: `/api/pebbles/${pebbleId}`, headers: bearer(who), payload: body });

/** The learner's stored rows on the trail: answers per mineral, states, tries. */
async function stored(trailId: number) {
  const q = (text: string) => t.database.pool.query(text, [trailId]).then((r) => Number(r.rows[0].n));
  const user = await demoUserId(t.database.db, DEMO_USERS.learner.email);
  return {
    answers: await q(`select count(*) n from mineral_answers where trail_id = $1 and user_id = ${user}`),
    answered: await q(
      `select count(*) n from pebble_states where trail_id = $1 and user_id = ${user} and answered_at is not null`,
    ),
    tries: await q(
      `select coalesce(max(tries_used), 0) n from trail_progress where trail_id = $1 and user_id = ${user}`,
    ),
  };
}

describe('answers with a client id (idempotent, docs/offline.md)', () => {
  let trailId: number;
  let first: Pebble;
  let input: Pebble;
  beforeAll(async () => {
    trailId = await importTest(t, TRAIL('Idempotent trail'), assign);
    first = await learner.pebble(trailId);
  });

  it('the same id sent 5 times concurrently is stored once, and every caller gets the same body', async () => {
    const clientId = uuidV7();
    const body = { answers: [{ id: first.minerals[0].id, options: [optionId(first, '2')] }], client_id: clientId };
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => post(first.id, body)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies[0].json().data.name).toBe('Input');
    expect(await stored(trailId)).toEqual({ answers: 1, answered: 1, tries: 1 });
    const receipts = await t.database.pool.query('select status from answer_receipts where client_id = $1', [clientId]);
    expect(receipts.rows).toEqual([{ status: 200 }]);
  });

  it('a repeat after the trail moved on answers the first outcome and changes nothing', async () => {
    input = await learner.pebble(trailId);
    const clientId = uuidV7();
    const once = await post(input.id, {
      answers: [{ id: input.minerals[0].id, value: 'Paris' }],
      client_id: clientId,
    });
    expect(once.statusCode).toBe(200);
    // the learner answers it again with another id (a changed answer), then the first request is sent again
    const changed = await post(input.id, {
      answers: [{ id: input.minerals[0].id, value: 'Lyon' }],
      client_id: uuidV7(),
    });
    expect(changed.statusCode).toBe(200);
    const again = await post(input.id, {
      answers: [{ id: input.minerals[0].id, value: 'Paris' }],
      client_id: clientId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(once.body);
    const value = await t.database.pool.query(
      'select value from mineral_answers where mineral_id = $1 and user_id = $2',
      [input.minerals[0].id, await demoUserId(t.database.db, DEMO_USERS.learner.email)],
    );
    expect(value.rows).toEqual([{ value: 'Lyon' }]);
  });

  it('a refusal is the outcome too: a repeat is refused the same way', async () => {
    const last = await learner.pebble(trailId);
    const clientId = uuidV7();
    const bad = { answers: [{ id: last.minerals[0].id, value: '' }], client_id: clientId };
    const refused = await post(last.id, bad);
    expect(refused.statusCode).toBe(422);
    const repeat = await post(last.id, { ...bad, answers: [{ id: last.minerals[0].id, value: 'now valid' }] });
    expect(repeat.statusCode).toBe(422);
    expect(repeat.body).toBe(refused.body);
  });

  it('an id is refused for another pebble, and the format is checked (422 client_id)', async () => {
    const last = await learner.pebble(trailId);
    const clientId = uuidV7();
    expect(
      (await post(input.id, { answers: [{ id: input.minerals[0].id, value: 'Paris' }], client_id: clientId }))
        .statusCode,
    ).toBe(200);
    const other = await post(last.id, {
      answers: [{ id: last.minerals[0].id, value: 'x' }],
      client_id: clientId,
    });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['client_id']);
    for (const bad of ['not-a-uuid', '0b7d4f4e-1c2a-4b7e-9f00-123456789abc', `${uuidV7()}x`, 'a'.repeat(5000)]) {
      const res = await post(last.id, { answers: [{ id: last.minerals[0].id, value: 'x' }], client_id: bad });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['client_id']);
    }
  });

  it("ids are the sender's own: another learner's same id is another answer", async () => {
    const rivalToken = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
    const clientId = uuidV7();
    const mine = await post(input.id, { answers: [{ id: input.minerals[0].id, value: 'Paris' }], client_id: clientId });
    const theirs = await post(
      first.id,
      { answers: [{ id: first.minerals[0].id, options: [optionId(first, '2')] }], client_id: clientId },
      rivalToken,
    );
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect([mine.json().data.name, theirs.json().data.name]).toEqual(['Last', 'Input']);
  });
});

describe('an answer made offline before a reset (answer_reset)', () => {
  it('is refused with 409 and stores nothing; answers made after the reset count', async () => {
    const trailId = await importTest(t, TRAIL('Reset while offline'), assign);
    const p = await learner.pebble(trailId);
    const choice = (clientId: string) => ({
      answers: [{ id: p.minerals[0].id, options: [optionId(p, '2')] }],
      client_id: clientId,
    });
    expect((await post(p.id, choice(uuidV7()))).statusCode).toBe(200);
    // offline: the learner answers the next pebble; meanwhile the coach resets the trail
    const input = await learner.pebble(trailId);
    const madeOffline = uuidV7(Date.now() - 1000);
    const learnerId = await demoUserId(t.database.db, DEMO_USERS.learner.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${learnerId}/reset/trail`,
      headers: bearer(coachToken),
      payload: { trails_ids: [trailId] },
    });
    expect(reset.statusCode).toBe(200);
    const lateId = uuidV7(Date.now() - 1000);
    const late = await post(p.id, choice(lateId));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('answer_reset');
    const lateInput = await post(input.id, {
      answers: [{ id: input.minerals[0].id, value: 'Paris' }],
      client_id: madeOffline,
    });
    expect([lateInput.statusCode, lateInput.json().code]).toEqual([409, 'answer_reset']);
    expect(await stored(trailId)).toEqual({ answers: 0, answered: 0, tries: 1 });
    // the refusal is kept: the outbox sending it again is refused again, not stored
    const again = await post(p.id, choice(lateId));
    expect([again.statusCode, again.body]).toEqual([409, late.body]);
    // made after the reset: stored
    expect((await post(p.id, choice(uuidV7()))).statusCode).toBe(200);
    expect(await stored(trailId)).toEqual({ answers: 1, answered: 1, tries: 1 });
  });
});
