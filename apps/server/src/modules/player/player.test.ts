import { type Pebble, parseNotificationData } from '@cairn/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, notifications, trailProgress, userRewards } from '../../db/schema';
import { demoUserId } from '../../db/seed';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { customerIdOf, importTest, optionId, pkg, player, trailIdByName } from '../../test/fixtures/trails.fixtures';
import { countQueries, createTestApp, login, type TestApp } from '../../test/harness';
import { heldTrail } from './trail-content.cache';

let t: TestApp;
let learnerToken: string;
let learner: ReturnType<typeof player>;
let rival: ReturnType<typeof player>;
let rivalToken: string;
beforeAll(async () => {
  t = await createTestApp();
  learnerToken = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  learner = player(t, learnerToken);
  rivalToken = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
  rival = player(t, rivalToken);
});
afterAll(() => t.close());

const assign = { assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email] };

/** An exam: two stages, a choice, an input with a right answer, an order, and a locked-answer pebble. */
const EXAM = pkg({ name: 'Scoring exam', pass: 50 }, [
  '  - name: Choice',
  '    stage: One',
  '    xp: 10',
  '    minerals:',
  '      - { type: ma_text, title: Primes, select_limit: 2, values: [{ value: "2", correct: true }, { value: "3", correct: true }, "4"] }',
  '  - name: Input',
  '    stage: One',
  '    xp: 10',
  '    minerals:',
  '      - { type: text_input, title: Capital of France, correct: [Paris] }',
  '      - { type: number_input, title: Legs, correct: 8, required: false }',
  '  - name: Order',
  '    stage: Two',
  '    xp: 20',
  '    can_change_answer: false',
  '    minerals:',
  '      - { type: order, title: Order, values: [a, b, c] }',
]);

describe('exam scoring', () => {
  let id: number;
  let p: Pebble;
  beforeAll(async () => {
    id = await importTest(t, EXAM, assign);
  });

  it('opens the first pebble, marks it opened, locks the rest', async () => {
    p = await learner.pebble(id);
    expect(p.name).toBe('Choice');
    expect(p.navigator.map((n) => [n.is_locked, n.is_new])).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
    expect(p.minerals[0].properties).toMatchObject({ maSelectLimit: 2, is_multiple: true, required: true });
    expect(JSON.stringify(p)).not.toContain('correct');
  });

  it('refuses a locked pebble, to open and to answer', async () => {
    const locked = p.navigator[2].id;
    const open = await learner.current(id, locked);
    expect(open.statusCode).toBe(423);
    expect(open.json().code).toBe('pebble_locked');
    const res = await learner.answer(locked, []);
    expect(res.statusCode).toBe(423);
  });

  it('refuses missing required answers, too many options and option ids of another mineral', async () => {
    let res = await learner.answer(p.id, []);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['answers.0.options']);
    expect(res.json().rules['answers.0.options'].rule).toBe('required');

    const all = p.minerals[0].properties.values!.map((v) => v.id);
    res = await learner.answer(p.id, [{ id: p.minerals[0].id, options: all }]);
    expect(res.json().rules['answers.0.options']).toEqual({ rule: 'max_value', params: { max: 2 } });

    const foreign = (await learner.pebble(await trailIdByName(t, learnerToken, 'Demo exam'))).minerals[0].properties
      .values![0].id;
    res = await learner.answer(p.id, [{ id: p.minerals[0].id, options: [foreign] }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().rules['answers.0.options'].rule).toBe('oneOf');
    expect((await learner.trail(id)).progress.answered).toBe(0);
  });

  it('a wrong answer is stored, earns no xp, and unlocks the next pebble', async () => {
    const body = await learner.ok(p.id, [{ id: p.minerals[0].id, options: [optionId(p, '2'), optionId(p, '4')] }]);
    expect(body.passed).toBe(false);
    expect(body.finished).toBe(false);
    expect(body.data.name).toBe('Input');
    expect(body.data.progress).toMatchObject({ answered: 1, passed: 0, xp: 0, status: 'in_progress' });
    expect(body.data.navigator[1]).toMatchObject({ is_locked: false, is_new: false });
  });

  it('changing the answer to the right one passes and earns xp (set equality, any order)', async () => {
    const body = await learner.ok(p.id, [{ id: p.minerals[0].id, options: [optionId(p, '3'), optionId(p, '2')] }]);
    expect(body.passed).toBe(true);
    expect(body.data.progress).toMatchObject({ passed: 1, xp: 10, crowns: 0 });
  });

  it('checks input values by type and compares them normalised', async () => {
    const q = await learner.pebble(id);
    expect(q.name).toBe('Input');
    let res = await learner.answer(q.id, [
      { id: q.minerals[0].id, value: 'paris' },
      { id: q.minerals[1].id, value: 'eight' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().rules['answers.1.value'].rule).toBe('numeric');
    res = await learner.answer(q.id, [
      { id: q.minerals[0].id, value: '  PARIS ' },
      { id: q.minerals[1].id, value: 8.0 },
    ]);
    expect(res.json().passed).toBe(true);
    // a stage's crown needs all its pebbles passed
    expect(res.json().data.progress).toMatchObject({ xp: 20, crowns: 1, crowns_total: 2 });
  });

  it('order needs the exact sequence; can_change_answer false refuses a second answer', async () => {
    const q = await learner.pebble(id);
    const [a, b, c] = ['a', 'b', 'c'].map((v) => optionId(q, v));
    expect(q.minerals[0].properties.values!.map((v) => v.value)).not.toEqual(['a', 'b', 'c']);
    const res = await learner.answer(q.id, [{ id: q.minerals[0].id, options: [a, b] }]);
    expect(res.statusCode).toBe(422);
    const body = await learner.ok(q.id, [{ id: q.minerals[0].id, options: [b, a, c] }]);
    expect(body).toMatchObject({ passed: false, finished: true, trail_passed: true });
    expect(body.data).toMatchObject({ id: q.id, is_last: true, answered: true });
    expect(body.data.progress).toMatchObject({ status: 'completed', xp: 20, xp_total: 40, crowns: 1 });
    const again = await learner.answer(q.id, [{ id: q.minerals[0].id, options: [a, b, c] }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('answer_locked');
    expect((await learner.trail(id)).progress.trail_passed).toBe(true);
  });

  it("another learner's answers are theirs alone", async () => {
    const q = await rival.pebble(id);
    expect(q.name).toBe('Choice');
    expect(q.minerals[0].answer).toBeNull();
    // the pebble is the rival's, drawn with its icon (the package's default)
    const me = await t.app.inject({ url: '/api/user/profile', headers: { authorization: `Bearer ${rivalToken}` } });
    expect(q.user).toEqual({ id: me.json().data.id });
    expect(q.object).toEqual({ fa_icon: 'fa-circle', fa_icon_background: null, fa_icon_border: null });
    expect(q.progress.status).toBe('not_started');
  });
});

describe('an answer is one command', () => {
  // a reward on the first stage and one on completion: the first and the last answer issue them (a certificate is
  // issued by the same statement, but its job's queries would run beside the count: results.test covers it)
  const COUNTED = [
    'format: cairn-trail/1',
    'name: Counted exam',
    'type: exam',
    'tries: 0',
    'rewards:',
    '  - { key: first, title: First stage, unlock: { on: stage_completed, value: A } }',
    '  - { key: done, title: Done, unlock: { on: trail_completed } }',
    'pebbles:',
    ...['A', 'B', 'C'].flatMap((stage, i) => [
      `  - name: Q${i + 1}`,
      `    stage: ${stage}`,
      '    xp: 10',
      '    minerals:',
      `      - { type: sa_text, title: Q${i + 1}, values: [ wrong, { value: right, correct: true } ] }`,
    ]),
  ].join('\n');

  it('loads in one statement and stores and scores in one, then only stores once the view is held; rewards included', async () => {
    const id = await importTest(t, COUNTED, assign);
    const learnerId = await demoUserId(t.database.db, DEMO_USERS.learner.email);
    let p = await learner.pebble(id);
    const queries = countQueries(t.database.pool);
    const counts: number[] = [];
    try {
      for (const name of ['Q1', 'Q2', 'Q3']) {
        expect(p.name).toBe(name);
        queries.reset();
        const body = await learner.ok(p.id, [{ id: p.minerals[0].id, options: [optionId(p, 'right')] }]);
        counts.push(queries.count);
        p = body.data;
        if (name === 'Q3') expect(body).toMatchObject({ finished: true, passed: true, trail_passed: true });
      }
      // changing an answer (can_change_answer) costs the same
      queries.reset();
      await learner.ok(p.id, [{ id: p.minerals[0].id, options: [optionId(p, 'wrong')] }]);
      counts.push(queries.count);
    } finally {
      queries.restore();
    }
    // Q1 and Q2 load their context (Q2's next pebble, Q3, is not held yet); from then on the process holds the
    // learner's view and both pebbles' content, and the answer is its store statement alone
    expect(counts).toEqual([2, 2, 1, 1]);
    // what the statements wrote: the attempt completed once, both rewards once with one notification each
    const db = t.database.db;
    const [progress] = await db
      .select()
      .from(trailProgress)
      .where(and(eq(trailProgress.userId, learnerId), eq(trailProgress.trailId, id)));
    expect(progress.triesUsed).toBe(1);
    expect(progress.completedAt).toBeInstanceOf(Date);
    const rewards = await db
      .select({ key: userRewards.rewardKey })
      .from(userRewards)
      .where(and(eq(userRewards.userId, learnerId), eq(userRewards.trailId, id)));
    expect(rewards.map((r) => r.key).sort()).toEqual(['done', 'first']);
    const notes = (
      await db
        .select({ event: notifications.event, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.userId, learnerId))
    ).filter((n) => (n.data as { trail_id?: number }).trail_id === id);
    expect(notes).toEqual([
      { event: 'NOTIFY_REWARD', data: { rewards: [expect.any(Number)], trail_id: id, trail: 'Counted exam' } },
      { event: 'NOTIFY_REWARD', data: { rewards: [expect.any(Number)], trail_id: id, trail: 'Counted exam' } },
    ]);
    // written in the answer's statement (not createNotification): still the shape the shared map gives the kind
    for (const n of notes) expect(parseNotificationData(n.event, n.data)).toEqual(n.data);
    // the changed answer (now wrong) is scored again: the trail is no longer passed, nothing is issued twice
    expect((await learner.trail(id)).progress).toMatchObject({ status: 'completed', passed: 2, xp: 20 });
  });

  it('answers given at the same moment in two tabs are all stored and counted', async () => {
    const id = await importTest(t, COUNTED.replace('Counted exam', 'Two tabs exam'), assign);
    const rivalPlayer = rival;
    const first = await rivalPlayer.pebble(id);
    const body = await rivalPlayer.ok(first.id, [{ id: first.minerals[0].id, options: [optionId(first, 'right')] }]);
    const second = body.data;
    const third = (
      await rivalPlayer.ok(second.id, [{ id: second.minerals[0].id, options: [optionId(second, 'right')] }])
    ).data;
    // the three pebbles answered again at once (each allows changing its answer)
    const results = await Promise.all(
      [first, second, third].map((q) =>
        rivalPlayer.answer(q.id, [{ id: q.minerals[0].id, options: [optionId(q, 'wrong')] }]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const progress = (await rivalPlayer.trail(id)).progress;
    expect(progress).toMatchObject({ status: 'completed', answered: 3, passed: 0, xp: 0 });
  });
});

describe('the current pebble is one statement', () => {
  // a plain pebble, a poll (shared mineral) and a rated one: the poll's and the rating's facts come in the same statement
  const WALKED = pkg({ type: 'survey', name: 'Walked survey' }, [
    '  - name: W1',
    '    minerals:',
    '      - { type: sa_text, title: W1, values: [a, b] }',
    '  - name: W2',
    '    minerals:',
    '      - { type: sa_text, title: W2, shared: true, values: [a, b] }',
    '  - name: W3',
    '    is_rbo: true',
    '    minerals:',
    '      - { type: text_input, title: W3 }',
  ]);
  const opened = async (pebbleId: number) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pebble_states where pebble_id = ${pebbleId}`,
      )
    ).rows[0].n;

  it('chooses, opens and reads the pebble in one query; refusals open nothing', async () => {
    const id = await importTest(t, WALKED, assign);
    await learner.games(); // the token is checked (and cached) before the counted requests
    const queries = countQueries(t.database.pool);
    const counts: number[] = [];
    const counted = async (pebble?: number) => {
      queries.reset();
      const p = await learner.pebble(id, pebble);
      counts.push(queries.count);
      return p;
    };
    try {
      const w1 = await counted();
      expect(w1.name).toBe('W1');
      expect(w1.navigator.map((n) => [n.is_locked, n.is_new])).toEqual([
        [false, false],
        [true, true],
        [true, true],
      ]);
      const [, w2id, w3id] = w1.navigator.map((n) => n.id);
      // locked, and not in this trail: refused, nothing opened
      const locked = await learner.current(id, w3id);
      expect([locked.statusCode, locked.json().code]).toEqual([423, 'pebble_locked']);
      const foreign = await learner.current(
        id,
        (await learner.pebble(await trailIdByName(t, learnerToken, 'Demo exam'))).id,
      );
      expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Pebble not found']);
      expect(await opened(w3id)).toBe(0);

      await learner.ok(w1.id, [{ id: w1.minerals[0].id, options: [optionId(w1, 'a')] }]);
      const w2 = await counted();
      expect([w2.id, w2.poll_pool_id, w2.poll_answers]).toEqual([w2id, w2.minerals[0].id, 0]);
      await learner.ok(w2.id, [{ id: w2.minerals[0].id, options: [optionId(w2, 'b')] }]);
      const w3 = await counted();
      expect([w3.id, w3.is_rbo, w3.rbo_results, w3.answered]).toEqual([w3id, true, null, false]);
      await learner.ok(w3.id, [{ id: w3.minerals[0].id, value: 'done' }]);

      // all answered: the last one, with its answer and its (empty) ratings; an earlier one when asked
      const last = await counted();
      expect([last.id, last.is_last, last.answered, last.minerals[0].answer?.value]).toEqual([
        w3id,
        true,
        true,
        'done',
      ]);
      expect(last.rbo_results).toMatchObject({ total_ratings: 0, ratings: [] });
      const again = await counted(w2id);
      expect([again.id, again.answered, again.poll_answers]).toEqual([w2id, true, 1]);
      expect(again.minerals[0].answer).toEqual({ id: w2.minerals[0].id, options: [optionId(w2, 'b')], value: null });
    } finally {
      queries.restore();
    }
    // the answered poll pebble adds its §3 share_answers: the poll's three statements, whatever the answers
    expect(counts).toEqual([1, 1, 1, 1, 4]);
  });

  it('holds a trail and its pebbles once read: later reads, by anyone, show them without reading them again', async () => {
    const id = await importTest(t, EXAM, assign);
    expect(heldTrail(t.database.db, id).ids).toEqual([]);
    const cold = await learner.pebble(id);
    expect(heldTrail(t.database.db, id).ids).toEqual([cold.id]);
    expect(await learner.pebble(id)).toEqual(cold);
    expect(heldTrail(t.database.db, id).content?.pebbles.map((p) => p.name)).toEqual(['Choice', 'Input', 'Order']);
    // content is write-once (docs/content-format.md): titles and names changed behind the server's back are not read
    await t.database.db.execute(sql`update minerals set title = 'Changed' where pebble_id = ${cold.id}`);
    await t.database.db.execute(sql`update pebbles set name = 'Renamed' where trail_id = ${id}`);
    await t.database.db.execute(sql`update trails set name = 'Renamed' where id = ${id}`);
    const held = await rival.pebble(id);
    expect(held.minerals).toEqual(cold.minerals);
    expect([held.trail.name, held.navigator.map((n) => n.name)]).toEqual([
      cold.trail.name,
      ['Choice', 'Input', 'Order'],
    ]);
    expect(held.user.id).not.toBe(cold.user.id);
    // the next pebble is read once, then held beside the first; the shuffled order mineral shows the same order
    await learner.ok(cold.id, [{ id: cold.minerals[0].id, options: [optionId(cold, '2')] }]);
    const input = await learner.pebble(id);
    await learner.ok(input.id, [{ id: input.minerals[0].id, value: 'Paris' }]);
    const order = await learner.pebble(id);
    expect(heldTrail(t.database.db, id).ids).toEqual([cold.id, input.id, order.id]);
    expect((await learner.pebble(id)).minerals[0].properties.values).toEqual(order.minerals[0].properties.values);
    // an answer to a held pebble is checked and followed by held pebbles too: the next one shows as held
    await t.database.db.execute(sql`update minerals set title = 'Changed' where pebble_id = ${input.id}`);
    const answered = await learner.ok(cold.id, [
      { id: cold.minerals[0].id, options: [optionId(cold, '2'), optionId(cold, '3')] },
    ]);
    expect([answered.passed, answered.data.id, answered.data.minerals[0].properties.title]).toEqual([
      true,
      input.id,
      'Capital of France',
    ]);
  });
});

describe('surveys pass on any valid answer', () => {
  it('earns xp for any valid answers, refuses invalid ones, swipes past optional pebbles', async () => {
    const id = await importTest(
      t,
      pkg({ type: 'survey', name: 'Any survey' }, [
        '  - name: Rate',
        '    xp: 5',
        '    minerals:',
        '      - { type: 5_point_rating, title: Rate, style: stars }',
        '      - { type: opinion, title: Opinion, min: 0, max: 10 }',
        '      - { type: email_input, title: Email, required: false }',
        '      - { type: date_input, title: Date, required: false }',
        '  - name: Optional',
        '    xp: 5',
        '    minerals:',
        '      - { type: url_input, title: Site, required: false }',
      ]),
      assign,
    );
    const p = await learner.pebble(id);
    const [rate, opinion, email, date] = p.minerals.map((m) => m.id);
    const res = await learner.answer(p.id, [
      { id: rate, value: 6 },
      { id: opinion, value: 11 },
      { id: email, value: 'nope' },
      { id: date, value: '2024-02-30' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().rules).toMatchObject({
      'answers.0.value': { rule: 'max_value' },
      'answers.1.value': { rule: 'max_value' },
      'answers.2.value': { rule: 'email' },
      'answers.3.value': { rule: 'date' },
    });
    const ok = await learner.ok(p.id, [
      { id: rate, value: 1 },
      { id: opinion, value: 0 },
      { id: date, value: '2024-02-29' },
    ]);
    expect(ok.passed).toBe(true);
    expect(ok.data.progress.xp).toBe(5);
    const swiped = await learner.answer(
      ok.data.id,
      [{ id: ok.data.minerals[0].id, value: 'not a url at all' }],
      'swipe',
    );
    expect(swiped.statusCode).toBe(200);
    expect(swiped.json()).toMatchObject({ finished: true, trail_passed: true });
    expect(swiped.json().data.minerals[0].answer).toBeNull();
  });
});

describe('uploads', () => {
  it("takes only the actor's own media of the right kind", async () => {
    const id = await importTest(
      t,
      pkg({ type: 'survey', name: 'Upload' }, [
        '  - name: Photo',
        '    minerals:',
        '      - { type: image_input, title: Photo }',
      ]),
      assign,
    );
    const learnerId = await demoUserId(t.database.db, DEMO_USERS.learner.email);
    const rivalId = await demoUserId(t.database.db, DEMO_USERS.rival.email);
    const customerId = await customerIdOf(t, 'Acme');
    const row = (userId: number, kind: 'image' | 'audio', key: string) => ({
      customerId,
      userId,
      title: key,
      kind,
      mimetype: kind === 'image' ? 'image/png' : 'audio/wav',
      size: 10,
      storageKey: key,
    });
    const [mine, theirs, sound] = await t.database.db
      .insert(media)
      .values([
        row(learnerId, 'image', 'u/a.png'),
        row(rivalId, 'image', 'u/b.png'),
        row(learnerId, 'audio', 'u/c.wav'),
      ])
      .returning({ id: media.id });
    const p = await learner.pebble(id);
    const m = p.minerals[0].id;
    expect((await learner.answer(p.id, [{ id: m, value: theirs.id }])).json().rules['answers.0.value'].rule).toBe(
      'oneOf',
    );
    expect((await learner.answer(p.id, [{ id: m, value: sound.id }])).json().rules['answers.0.value'].rule).toBe(
      'mimes',
    );
    const ok = await learner.ok(p.id, [{ id: m, value: mine.id }]);
    expect(ok.data.minerals[0].answer).toEqual({ id: m, value: mine.id });
  });
});

describe('demo trails', () => {
  it('the learner plays the demo exam to its end', async () => {
    const id = await trailIdByName(t, learnerToken, 'Demo exam');
    let p = await learner.pebble(id);
    let last = null as null | { finished: boolean; trail_passed: boolean | null };
    for (let step = 0; step < 20 && !last?.finished; step++) {
      const answers = p.minerals.map((m) => {
        const values = m.properties.values ?? [];
        if (m.type === 'order' || m.type === 'word_bubble') return { id: m.id, options: values.map((v) => v.id) };
        if (values.length) return { id: m.id, options: [values[0].id] };
        if (m.type === 'number_input') return { id: m.id, value: 8 };
        if (m.type === 'date_input') return { id: m.id, value: '2000-01-01' };
        return { id: m.id, value: 'carbon dioxide' };
      });
      const body = await learner.ok(p.id, answers);
      last = body;
      p = body.data;
    }
    expect(last?.finished).toBe(true);
    expect(p.is_last).toBe(true);
    expect(p.redirect_url).toBeNull();
  });

  it('a public user of the link `demo` plays the demo exam', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login/demo' });
    const pub = player(t, res.json().data.access_token);
    const p = await pub.pebble(res.json().data.trail_id);
    expect(p.trail.name).toBe('Demo exam');
    expect((await pub.games()).json().data.map((x: { name: string }) => x.name)).toEqual(['Demo exam']);
  });

  it('shares poll answers within the customer with percentages', async () => {
    const id = await trailIdByName(t, learnerToken, 'Workplace survey');
    for (const [who, drink] of [
      [learner, 'Coffee'],
      [rival, 'Tea'],
    ] as const) {
      const first = await who.pebble(id);
      await who.ok(first.id, [
        { id: first.minerals[0].id, value: 'me@example.com' },
        { id: first.minerals[1].id, value: 'example.com/team' },
      ]);
      const poll = await who.pebble(id);
      expect(poll.poll_pool_id).toBe(poll.minerals[0].id);
      await who.ok(poll.id, [{ id: poll.minerals[0].id, options: [optionId(poll, drink)] }]);
    }
    const pool = (await learner.pebble(id, (await learner.pebble(id)).navigator[1].id)).poll_pool_id!;
    const res = await learner.get(`/api/polls/${pool}`);
    expect(res.statusCode).toBe(200);
    const poll = res.json().data;
    expect(poll).toMatchObject({ users: 2, total: 2, is_multiple: false });
    expect(poll.summary.filter((s: { count: number }) => s.count > 0)).toEqual([
      expect.objectContaining({ value: 'Coffee', count: 1, percent: 50 }),
      expect.objectContaining({ value: 'Tea', count: 1, percent: 50 }),
    ]);
    expect(poll.answers.find((a: { is_me: boolean }) => a.is_me).answers[0].value).toBe('Coffee');
    const globex = player(t, (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token);
    expect((await globex.get(`/api/polls/${pool}`)).statusCode).toBe(404);
  });

  it('scores assessment dimensions', async () => {
    const id = await trailIdByName(t, learnerToken, 'Listening style assessment');
    const p = await learner.pebble(id);
    await learner.ok(p.id, [{ id: p.minerals[0].id, options: [optionId(p, 'Steady')] }]);
    const res = await learner.get(`/api/assessments/${id}`);
    expect(res.statusCode).toBe(200);
    const dims = res.json().data.player.dimensions;
    expect(dims.find((d: { id: string }) => d.id === 'focus')).toMatchObject({ score: 3 });
    expect(dims.find((d: { id: string }) => d.id === 'energy')).toMatchObject({ score: 0 });
    const exam = await trailIdByName(t, learnerToken, 'Demo exam');
    expect((await learner.get(`/api/assessments/${exam}`)).statusCode).toBe(404);
  });
});

describe('a held learner view is checked before anything is stored', () => {
  // each change is made behind the server's back, as another process of a scaled deployment (or a coach) would
  const WALK = pkg({ name: 'Held walk' }, [
    ...['H1', 'H2', 'H3'].flatMap((name) => [
      `  - name: ${name}`,
      '    minerals:',
      `      - { type: sa_text, title: ${name}, values: [ a, b ] }`,
    ]),
  ]);
  let id: number;
  let learnerId: number;
  let pebbles: Pebble[];
  const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
  /** the learner's answered states on the trail and the newest answer's time */
  const states = async () =>
    (
      await run(sql`select count(*)::int as n, max(answered_at) as last from pebble_states
        where user_id = ${learnerId} and trail_id = ${id} and answered_at is not null`)
    ).rows[0] as { n: number; last: string | null };
  const answer = (p: Pebble) => learner.answer(p.id, [{ id: p.minerals[0].id, options: [optionId(p, 'a')] }]);
  /** from a clean start the learner answers all three: the process then holds their view and every pebble */
  async function playAll() {
    await run(sql`delete from pebble_states where user_id = ${learnerId} and trail_id = ${id}`);
    pebbles = [await learner.pebble(id)];
    for (let i = 0; i < 3; i++) {
      const res = await answer(pebbles[i]);
      expect(res.statusCode).toBe(200);
      if (i < 2) pebbles.push(res.json().data);
    }
    expect((await states()).n).toBe(3);
  }
  beforeAll(async () => {
    id = await importTest(t, WALK, assign);
    learnerId = await demoUserId(t.database.db, DEMO_USERS.learner.email);
  });

  it('a reset elsewhere: the held view would take H3, the database says it is locked', async () => {
    await playAll();
    await run(sql`delete from pebble_states where user_id = ${learnerId} and trail_id = ${id}`);
    const res = await answer(pebbles[2]);
    expect([res.statusCode, res.json().code]).toEqual([423, 'pebble_locked']);
    expect((await states()).n).toBe(0);
    // the first pebble is answered on what is there now: H2 unlocked, H3 still locked
    const first = await answer(pebbles[0]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.navigator.map((n: { is_locked: boolean }) => n.is_locked)).toEqual([false, false, true]);
    expect((await states()).n).toBe(1);
  });

  it('a trail no longer assigned: 404, nothing stored', async () => {
    await playAll();
    const before = await states();
    await run(sql`delete from trail_assignments where user_id = ${learnerId} and trail_id = ${id}`);
    try {
      const res = await answer(pebbles[0]);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Trail not found']);
      expect(await states()).toEqual(before);
    } finally {
      await run(sql`insert into trail_assignments (user_id, trail_id) values (${learnerId}, ${id})`);
    }
  });

  it('a start date moved ahead: refused as not started, nothing stored', async () => {
    await playAll();
    const before = await states();
    await run(
      sql`update trail_assignments set starts_on = current_date + 3 where user_id = ${learnerId} and trail_id = ${id}`,
    );
    try {
      const res = await answer(pebbles[0]);
      expect([res.statusCode, res.json().code]).toEqual([423, 'trail_not_started']);
      expect(await states()).toEqual(before);
    } finally {
      await run(sql`update trail_assignments set starts_on = null where user_id = ${learnerId} and trail_id = ${id}`);
    }
  });

  it('a pebble opened elsewhere is not shown as new by an answer decided on the held view', async () => {
    await playAll();
    // H1 answered and H2 opened only, then H3 opened by another tab
    await run(sql`delete from pebble_states where user_id = ${learnerId} and trail_id = ${id}`);
    const first = await answer(pebbles[0]);
    expect(first.json().data.navigator.map((n: { is_new: boolean }) => n.is_new)).toEqual([false, false, true]);
    await run(
      sql`insert into pebble_states (user_id, pebble_id, trail_id) values (${learnerId}, ${pebbles[2].id}, ${id})`,
    );
    const again = await answer(pebbles[0]);
    expect(again.json().data.navigator.map((n: { is_new: boolean }) => n.is_new)).toEqual([false, false, false]);
  });
});
