import type { Pebble } from '@cairn/shared';
import type { Statement } from '@xapi/xapi';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { startTestLrs, type TestLrs } from '../../test/fixtures/lrs.fixtures';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { sendDue } from './xapi.sender';

/** Issue 33, xAPI: statements of a played trail reach a real LRS, valid by Learning Locker's validator, exactly once. */
let t: TestApp;
let lrs: TestLrs;
let admin: string;
let learner: { token: string; id: number; play: ReturnType<typeof player> };
let examId: number;
const BASE = 'https://cairn.test';

const EXAM = pkg({ type: 'exam', name: 'xAPI exam', pass: 50 }, [
  '  - name: Capital',
  '    xp: 10',
  '    minerals:',
  '      - { type: sa_text, title: Capital of France, values: [Lyon, { value: Paris, correct: true }] }',
  '  - name: Order',
  '    xp: 10',
  '    minerals:',
  '      - { type: order, title: Smallest first, values: [one, two, three] }',
  '  - name: Word',
  '    xp: 10',
  '    minerals:',
  '      - { type: text_input, title: Say yes, correct: [yes, yep] }',
  '  - name: Feeling',
  '    xp: 10',
  '    minerals:',
  '      - { type: opinion, title: How sure are you, min: 1, max: 5 }',
]);

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  endpoint: lrs.endpoint,
  auth: 'basic',
  username: lrs.key,
  secret: lrs.secret,
  actor_email: false,
  ...over,
});
const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/xapi', headers: bearer(token), payload });
const outbox = async () =>
  (
    await t.database.db.execute<{ kind: string; sent: boolean; failed: boolean; last_error: string | null }>(
      sql`select kind, sent_at is not null as sent, failed_at is not null as failed, last_error from xapi_outbox order by id`,
    )
  ).rows;
const send = () => sendDue(t.database.db, { base: BASE, retryBaseMs: 200, retryCapMs: 1000 });

async function playExam(answers: { capital: string; order: string[]; word: string; feeling: string }) {
  const p = learner.play;
  let pebble: Pebble = await p.pebble(examId);
  await p.ok(pebble.id, [{ id: pebble.minerals[0].id, options: [optionId(pebble, answers.capital)] }]);
  pebble = await p.pebble(examId);
  await p.ok(pebble.id, [{ id: pebble.minerals[0].id, options: answers.order.map((v) => optionId(pebble, v)) }]);
  pebble = await p.pebble(examId);
  await p.ok(pebble.id, [{ id: pebble.minerals[0].id, value: answers.word }]);
  pebble = await p.pebble(examId);
  await p.ok(pebble.id, [{ id: pebble.minerals[0].id, value: answers.feeling }]);
}

beforeAll(async () => {
  t = await createTestApp();
  lrs = await startTestLrs();
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  const token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  const id = (await t.app.inject({ url: '/api/user/profile', headers: bearer(token) })).json().data.id;
  learner = { token, id, play: player(t, token) };
  examId = await importTest(t, EXAM, { assign: [DEMO_USERS.learner.email] });
}, 60_000);
afterAll(async () => {
  await lrs?.stop().catch(() => {});
  await t?.close();
});

describe('xAPI settings (PUT/GET /api/admin/xapi)', () => {
  it('queues nothing while the customer has no LRS', async () => {
    const pebble = await learner.play.pebble(examId);
    await learner.play.ok(pebble.id, [{ id: pebble.minerals[0].id, options: [optionId(pebble, 'Paris')] }]);
    expect(await outbox()).toEqual([]);
  });

  it('refuses bad settings with field errors, and never sends the secret back', async () => {
    const bad = await put(admin, settings({ endpoint: 'ftp://lrs.example/xapi' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('endpoint');
    const long = await put(admin, settings({ endpoint: `https://lrs.example/${'a'.repeat(3000)}` }));
    expect(long.statusCode).toBe(422);
    const oauth = await put(admin, settings({ auth: 'oauth' }));
    expect(oauth.statusCode).toBe(422);
    expect(Object.keys(oauth.json().errors)).toContain('token_url');
    const noSecret = await put(admin, settings({ secret: undefined }));
    expect(noSecret.statusCode).toBe(422);
    expect(Object.keys(noSecret.json().errors)).toContain('secret');

    const ok = await put(admin, settings());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ enabled: true, endpoint: lrs.endpoint, has_secret: true });
    expect(ok.body).not.toContain(lrs.secret);
    // the secret is write-only: saving again without it keeps it
    expect((await put(admin, settings({ secret: '' }))).statusCode).toBe(200);
    const got = await t.app.inject({ url: '/api/admin/xapi', headers: bearer(admin) });
    expect(got.json().data.has_secret).toBe(true);
    expect(got.body).not.toContain(lrs.secret);
    // a learner may not read or change them
    expect((await put(learner.token, settings())).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/xapi', headers: bearer(learner.token) })).statusCode).toBe(403);
    const audit = await t.database.db.execute<{ action: string; detail: Record<string, unknown> }>(
      sql`select action, detail from audit_log where action = 'xapi.update'`,
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.rows)).not.toContain(lrs.secret);
  });
});

describe('statements of a played trail', () => {
  let kept: Statement[];

  it('sends initialized, one answered per answer and passed, each valid, with the account as the actor', async () => {
    // the learner started before the LRS was on (no statement then); a reset starts an attempt that is reported
    expect((await learner.play.reset(examId)).statusCode).toBe(200);
    await playExam({ capital: 'Paris', order: ['one', 'three', 'two'], word: ' YES ', feeling: '4' });
    const report = await send();
    expect(report).toMatchObject({ failed: 0, retried: 0 });
    expect(lrs.invalid).toEqual([]);
    kept = [...lrs.statements.values()];
    expect(kept.map((s) => s.verb.id.split('/').pop())).toEqual([
      'initialized',
      'answered',
      'answered',
      'answered',
      'answered',
      'passed',
    ]);
    for (const s of kept) {
      expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: BASE, name: String(learner.id) } });
      expect(JSON.stringify(s)).not.toContain(DEMO_USERS.learner.email);
    }
    const answered = kept.filter((s) => s.verb.id.endsWith('/answered'));
    const def = (s: Statement) => (s.object as { definition: { interactionType: string } }).definition;
    expect(answered.map((s) => def(s).interactionType)).toEqual(['choice', 'sequencing', 'fill-in', 'likert']);
    expect(answered.map((s) => s.result?.success)).toEqual([true, false, true, undefined]);
    expect(answered[0].result?.response).toMatch(/^o\d+$/);
    expect(answered[1].result?.response).toMatch(/^o\d+\[,\]o\d+\[,\]o\d+$/);
    expect(answered[3].result?.response).toBe('4');
    const done = kept[kept.length - 1];
    expect(done.result).toMatchObject({ completion: true, success: true, score: { raw: 30, min: 0, max: 40 } });
    expect(done.result?.duration).toMatch(/^PT/);
    expect((await outbox()).every((r) => r.sent)).toBe(true);
  });

  it('a resend after a lost answer is kept once by the LRS (same statement ids)', async () => {
    // delivered, but the answer never came back: once the claim's lease is over, the same statements go again
    await t.database.db.execute(sql`update xapi_outbox set sent_at = null, next_attempt_at = now()`);
    await send();
    expect(lrs.arrivals.length).toBe(kept.length * 2);
    expect(lrs.statements.size).toBe(kept.length);
  });

  it('an LRS down for 10 s loses nothing and duplicates nothing', { timeout: 60_000 }, async () => {
    const before = lrs.statements.size;
    const arrivalsBefore = lrs.arrivals.length;
    await lrs.stop();
    expect((await learner.play.reset(examId)).statusCode).toBe(200);
    await playExam({ capital: 'Lyon', order: ['three', 'two', 'one'], word: 'no', feeling: '2' });
    const downUntil = Date.now() + 10_000;
    let retried = 0;
    while (Date.now() < downUntil) {
      const r = await send();
      retried += r.retried;
      expect(r.sent).toBe(0);
      await new Promise((res) => setTimeout(res, 250));
    }
    expect(retried).toBeGreaterThan(0);
    expect((await outbox()).filter((r) => !r.sent && !r.failed).length).toBe(6);
    await lrs.start();
    const until = Date.now() + 15_000;
    while ((await outbox()).some((r) => !r.sent) && Date.now() < until) {
      await send();
      await new Promise((res) => setTimeout(res, 200));
    }
    expect((await outbox()).every((r) => r.sent)).toBe(true);
    const fresh = lrs.arrivals.slice(arrivalsBefore);
    expect(fresh.length).toBe(6);
    expect(new Set(fresh).size).toBe(6);
    expect(lrs.statements.size).toBe(before + 6);
    const last = [...lrs.statements.values()].pop()!;
    expect(last.verb.id).toBe('http://adlnet.gov/expapi/verbs/failed');
    expect(last.result).toMatchObject({ success: false, score: { raw: 10, max: 40 } });
    expect(lrs.invalid).toEqual([]);
  });

  it('a statement the validator refuses never leaves, and is kept as failed with the reason', async () => {
    const arrivals = lrs.arrivals.length;
    const [p] = (
      await t.database.db.execute<{ id: number }>(sql`select id from pebbles where trail_id = ${examId} limit 1`)
    ).rows;
    const [c] = (
      await t.database.db.execute<{ customer_id: number }>(sql`select customer_id from users where id = ${learner.id}`)
    ).rows;
    // a rating outside 1–5 (the database's check stops real ones) makes a scaled score over 1
    await t.database.db.execute(sql`insert into xapi_outbox (customer_id, kind, user_id, trail_id, pebble_id, data)
      values (${c.customer_id}, 'rated', ${learner.id}, ${examId}, ${p.id}, '{"rating": 9, "player_id": 1}')`);
    const r = await send();
    expect(r.failed).toBe(1);
    expect(lrs.arrivals.length).toBe(arrivals);
    const failed = (await outbox()).filter((x) => x.failed);
    expect(failed).toHaveLength(1);
    expect(failed[0].last_error).toMatch(/invalid statement: statement\.result\.score\.scaled/);
  });

  it('wrong credentials: nothing is lost, and the statements go once the secret is fixed', async () => {
    await put(admin, settings({ secret: 'wrong' }));
    await learner.play.reset(examId);
    await learner.play.pebble(examId);
    const refusedBefore = lrs.refused;
    const r = await send();
    expect(r.retried).toBe(1);
    expect(lrs.refused).toBe(refusedBefore + 1);
    const pending = (await outbox()).filter((x) => !x.sent && !x.failed);
    expect(pending).toHaveLength(1);
    expect(pending[0].last_error).toMatch(/credentials/);
    await put(admin, settings());
    await t.database.db.execute(sql`update xapi_outbox set next_attempt_at = now() where sent_at is null`);
    expect((await send()).sent).toBe(1);
  });

  it('OAuth: a client-credentials token is fetched once and sent as the bearer', async () => {
    expect((await put(admin, settings({ auth: 'oauth', token_url: lrs.tokenUrl }))).statusCode).toBe(200);
    // a trail of its own: opened (initialized), then its one pebble answered — two sends, one token
    const own = await importTest(
      t,
      pkg({ type: 'survey', name: 'xAPI OAuth' }, [
        '  - name: Q',
        '    xp: 5',
        '    minerals:',
        '      - { type: text_input, title: Q }',
      ]),
      { assign: [DEMO_USERS.learner.email] },
    );
    const pebble = await learner.play.pebble(own);
    expect((await send()).sent).toBe(1);
    await learner.play.ok(pebble.id, [{ id: pebble.minerals[0].id, value: 'Yes' }]);
    expect((await send()).sent).toBe(2);
    expect(lrs.tokensIssued).toBe(1);
    expect(lrs.invalid).toEqual([]);
    await put(admin, settings());
  });
});

describe('a peer rating', () => {
  it('is sent as rated, by the rater, with the rating as the score and the comment as the response', async () => {
    const surveyId = await importTest(
      t,
      pkg({ type: 'survey', name: 'xAPI rated' }, [
        '  - name: A tip',
        '    xp: 5',
        '    is_rbo: true',
        '    minerals:',
        '      - { type: text_input, title: Your best tip }',
      ]),
      { assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email] },
    );
    const rivalToken = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
    const rival = player(t, rivalToken);
    const rivalId = (await t.app.inject({ url: '/api/user/profile', headers: bearer(rivalToken) })).json().data.id;
    const pebble = await rival.pebble(surveyId);
    await rival.ok(pebble.id, [{ id: pebble.minerals[0].id, value: 'Ask early' }]);
    // the learner is the peer asked, whoever the answer's transaction picked
    await t.database.db.execute(
      sql`insert into rbo_requests (pebble_id, player_id, rater_id) values (${pebble.id}, ${rivalId}, ${learner.id}) on conflict do nothing`,
    );
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/rbos/${pebble.id}/${rivalId}`,
      headers: bearer(learner.token),
      payload: { rating: 4, comment: 'Clear' },
    });
    expect(rated.statusCode).toBe(200);
    await send();
    const statement = [...lrs.statements.values()].find((s) => s.verb.id === 'http://id.tincanapi.com/verb/rated');
    expect(statement?.actor).toEqual({ objectType: 'Agent', account: { homePage: BASE, name: String(learner.id) } });
    expect(statement?.result).toMatchObject({ score: { raw: 4, min: 1, max: 5, scaled: 0.8 }, response: 'Clear' });
    expect((statement?.object as { id: string } | undefined)?.id).toBe(`${BASE}/xapi/activities/pebble/${pebble.id}`);
    expect(lrs.invalid).toEqual([]);
  });
});
