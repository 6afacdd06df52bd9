import type { Insight, InsightPebble } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import * as ss from 'simple-statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { customerIdOf, importTest, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, countQueries, createTestApp, login, type TestApp } from '../../test/harness';

/**
 * The fixture: 30 learners × 8 single-choice questions (A right; B, C, D wrong), answered through the API. Every
 * figure is computed again here from the raw marks with textbook formulas (simple-statistics), independently of the
 * running sums and of insight.stats.ts, and the API must agree within 1e-6.
 * Q5 discriminates negatively (weak learners get it right); Q7's wrong option B is what the strong learners pick;
 * Q6 everyone gets right (too easy).
 */
const LEARNERS = 30;
const XP = [10, 10, 20, 10, 5, 10, 15, 10];
const TRAIL = pkg(
  { type: 'exam', name: 'Insight fixture', pass: 50 },
  XP.flatMap((xp, j) => [
    `  - name: Q${j + 1}`,
    `    xp: ${xp}`,
    '    minerals:',
    `      - { type: sa_text, title: Q${j + 1}, values: [{ value: A, correct: true }, B, C, D] }`,
  ]),
);

let t: TestApp;
let trailId: number;
let coach: string;
const learners: { id: number; token: string }[] = [];
/** choices[k][j]: the option label learner k picked on question j */
const choices: string[][] = [];

/** a reproducible pseudo-random sequence (LCG) */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function plan(): string[][] {
  const r = rng(42);
  return Array.from({ length: LEARNERS }, (_, k) => {
    const ability = k / (LEARNERS - 1);
    const wrong = () => ['B', 'C', 'D'][Math.floor(r() * 3)];
    return XP.map((_, j) => {
      if (j === 5) return 'A'; // Q6: everyone
      if (j === 4) return r() < 0.9 - 0.8 * ability ? 'A' : wrong(); // Q5: the weak get it right
      if (j === 6) return r() < 0.45 ? 'A' : ability > 0.6 ? 'B' : r() < 0.5 ? 'C' : 'D'; // Q7: B draws the strong
      return r() < 0.15 + 0.75 * ability ? 'A' : wrong();
    });
  });
}

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
async function insight(token = coach): Promise<Insight> {
  const res = await get(token, `/api/coach/insight/${trailId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** reads, lets the settling job it queued run, reads again */
async function settled(): Promise<Insight> {
  await insight();
  await t.app.jobs.drain();
  return insight();
}

async function answerAll(k: number) {
  const p = player(t, learners[k].token);
  for (let j = 0; j < XP.length; j++) {
    const pebble = await p.pebble(trailId);
    const m = pebble.minerals[0];
    const option = m.properties.values?.find((v) => v.value === choices[k][j]);
    await p.ok(pebble.id, [{ id: m.id, options: [option?.id ?? 0] }]);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const acme = await customerIdOf(t, 'Acme');
  const emails = Array.from({ length: LEARNERS }, (_, k) => `insight-${k}@fixture.example`);
  await t.database.db.execute(sql`
    insert into users (customer_id, email, password_hash, firstname, lastname, logins)
    select ${acme}, e, (select password_hash from users where email = ${DEMO_USERS.learner.email}), 'Fixture', e, 1
      from json_array_elements_text(${JSON.stringify(emails)}::json) e`);
  await t.database.db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where u.email like 'insight-%@fixture.example' and r.name = 'learner'`);
  trailId = await importTest(t, TRAIL, { assign: emails });
  coach = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  for (const email of emails) {
    const token = (await login(t.app, email, DEMO_USERS.learner.password)).access_token;
    learners.push({ id: (await get(token, '/api/user/profile')).json().data.id, token });
  }
  choices.push(...plan());
  for (let k = 0; k < LEARNERS; k++) await answerAll(k);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** the independent computation from the raw marks */
function expected() {
  const max = XP.reduce((a, b) => a + b, 0);
  const marks = choices.map((row) => row.map((c, j) => (c === 'A' ? XP[j] : 0)));
  const totals = marks.map((row) => row.reduce((a, b) => a + b, 0));
  const col = (j: number) => marks.map((row) => row[j]);
  const rest = (j: number) => marks.map((row, k) => totals[k] - row[j]);
  const corr = (a: number[], b: number[]) =>
    ss.sampleStandardDeviation(a) === 0 || ss.sampleStandardDeviation(b) === 0 ? null : ss.sampleCorrelation(a, b);
  const efficiency = (a: number[], b: number[]) => {
    const sa = [...a].sort((x, y) => x - y);
    const sb = [...b].sort((x, y) => x - y);
    const covmax = ss.sampleCovariance(sa, sb);
    return covmax === 0 ? null : (100 * ss.sampleCovariance(a, b)) / covmax;
  };
  const covTotal = XP.map((_, j) => ss.sampleCovariance(col(j), totals));
  const sqrtSum = covTotal.reduce((s, c) => (c >= 0 ? s + Math.sqrt(c) : s), 0);
  const items = XP.map((xp, j) => {
    const d = corr(col(j), rest(j));
    return {
      facility: (100 * ss.mean(col(j))) / xp,
      sd: (100 * ss.sampleStandardDeviation(col(j))) / xp,
      discrimination: d === null ? null : 100 * d,
      efficiency: efficiency(col(j), rest(j)),
      intended_weight: (100 * xp) / max,
      effective_weight: covTotal[j] < 0 ? null : (100 * Math.sqrt(covTotal[j])) / sqrtSum,
      random_guess: 25,
    };
  });
  const varSum = XP.reduce((s, _, j) => s + ss.sampleVariance(col(j)), 0);
  const alpha = 100 * (XP.length / (XP.length - 1)) * (1 - varSum / ss.sampleVariance(totals));
  const errorRatio = 100 * Math.sqrt(1 - alpha / 100);
  const sd = ss.sampleStandardDeviation(totals);
  const summary = {
    attempts: LEARNERS,
    mean: (100 * ss.mean(totals)) / max,
    median: (100 * ss.median(totals)) / max,
    sd: (100 * sd) / max,
    skewness: ss.sampleSkewness(totals),
    kurtosis: ss.sampleKurtosis(totals),
    alpha,
    error_ratio: errorRatio,
    standard_error: (100 * ((errorRatio * sd) / 100)) / max,
  };
  // thirds by total, highest first (ties: the earlier account first)
  const order = totals.map((y, k) => ({ y, k })).sort((a, b) => b.y - a.y || learners[a.k].id - learners[b.k].id);
  const third = Math.floor(LEARNERS / 3);
  const top = order.slice(0, third).map((o) => o.k);
  const bottom = order.slice(LEARNERS - third).map((o) => o.k);
  const option = (j: number, label: string) => {
    const chose = choices.map((row) => (row[j] === label ? 1 : 0));
    const n = chose.reduce<number>((a, b) => a + b, 0);
    const pb = corr(chose, rest(j));
    return {
      count: n,
      percent: (100 * n) / LEARNERS,
      point_biserial: pb === null ? null : 100 * pb,
      mean_score: n === 0 ? null : (100 * ss.mean(totals.filter((_, k) => chose[k]))) / max,
      top_third: (100 * top.filter((k) => chose[k]).length) / third,
      bottom_third: (100 * bottom.filter((k) => chose[k]).length) / third,
    };
  };
  return { items, summary, option };
}

function near(actual: number | null, wanted: number | null, what: string) {
  if (wanted === null) expect(actual, what).toBeNull();
  else {
    expect(actual, what).not.toBeNull();
    expect(Math.abs((actual as number) - wanted), `${what}: ${actual} vs ${wanted}`).toBeLessThan(1e-6);
  }
}

describe('GET /api/coach/insight/{trail_id}: figures', () => {
  it("agrees with the textbook figures of the raw marks (Moodle's definitions) within 1e-6", async () => {
    const data = await settled();
    const e = expected();
    expect(data.trail).toMatchObject({ id: trailId, type: 'exam' });
    expect(data.settled_at).not.toBeNull();
    expect(data.settled_attempts).toBe(LEARNERS);
    expect(data.summary.attempts).toBe(LEARNERS);
    for (const key of Object.keys(e.summary) as (keyof typeof e.summary)[]) {
      near(data.summary[key], e.summary[key], `summary.${key}`);
    }
    expect(data.pebbles.map((p) => p.name)).toEqual(XP.map((_, j) => `Q${j + 1}`));
    data.pebbles.forEach((p, j) => {
      for (const key of Object.keys(e.items[j]) as (keyof (typeof e.items)[0])[]) {
        near(p[key], e.items[j][key], `Q${j + 1}.${key}`);
      }
      expect(p.options.map((o) => o.label)).toEqual(['A', 'B', 'C', 'D']);
      for (const o of p.options) {
        const want = e.option(j, o.label);
        for (const key of Object.keys(want) as (keyof typeof want)[]) {
          near(o[key], want[key], `Q${j + 1}.${o.label}.${key}`);
        }
      }
    });
  });

  it('flags the negatively discriminating pebble, the too easy one, and the wrong option that draws the strong', async () => {
    const data = await settled();
    const q = (n: number) => data.pebbles[n - 1] as InsightPebble;
    const codes = (p: InsightPebble) => p.flags.map((f) => f.code);
    expect(q(5).discrimination).toBeLessThan(0);
    expect(codes(q(5))).toContain('negative_discrimination');
    expect(q(5).flags.find((f) => f.code === 'negative_discrimination')?.reason).toMatch(/negative/);
    expect(codes(q(6))).toContain('too_easy');
    const b = q(7).options.find((o) => o.label === 'B');
    expect(b?.flags.map((f) => f.code)).toEqual(['draws_strong']);
    expect(b?.flags[0].reason).toMatch(/top third/);
    // a right option is never flagged as a distractor, and the discriminating pebbles are not flagged negative
    expect(q(7).options.find((o) => o.label === 'A')?.flags).toEqual([]);
    for (const n of [1, 2, 3]) expect(codes(q(n))).not.toContain('negative_discrimination');
  });

  it('rebuilds to the same sums the triggers keep (cairn_insight_rebuild, used after bulk loads)', async () => {
    const live = (d: Insight) => ({
      summary: { ...d.summary, median: null, median_seconds: null, skewness: null, kurtosis: null },
      pebbles: d.pebbles.map((p) => ({
        ...p,
        efficiency: null,
        flags: p.flags.filter((f) => f.code !== 'low_efficiency'),
        options: p.options.map((o) => ({ ...o, top_third: null, bottom_third: null, flags: [] })),
      })),
      funnel: d.funnel,
    });
    const before = live(await insight());
    await t.database.db.execute(sql`select cairn_insight_rebuild()`);
    const after = await insight();
    expect(after.settled_at).toBeNull();
    const rebuilt = live(after);
    expect(rebuilt.funnel).toEqual(before.funnel);
    near(rebuilt.summary.alpha, before.summary.alpha, 'alpha after a rebuild');
    rebuilt.pebbles.forEach((p, j) => {
      near(p.discrimination, before.pebbles[j].discrimination, `Q${j + 1} discrimination after a rebuild`);
      expect(p.options.map((o) => o.count)).toEqual(before.pebbles[j].options.map((o) => o.count));
      p.options.forEach((o, k) => {
        near(o.point_biserial, before.pebbles[j].options[k].point_biserial, `Q${j + 1} option ${k} after a rebuild`);
      });
    });
  });

  it('counts the funnel: every learner reached and answered every pebble', async () => {
    const data = await insight();
    expect(data.funnel.map((f) => [f.reached, f.answered])).toEqual(XP.map(() => [LEARNERS, LEARNERS]));
  });

  it('reads in a fixed number of queries, whatever the number of learners', async () => {
    const queries = countQueries(t.database.pool);
    try {
      await insight();
      expect(queries.count).toBeLessThanOrEqual(8);
    } finally {
      queries.restore();
    }
  });

  it('keeps the latest complete attempt through a reset, and moves the sums when a completed answer changes', async () => {
    const before = await insight();
    const p = player(t, learners[0].token);
    expect((await p.reset(trailId)).statusCode).toBe(200);
    const afterReset = await insight();
    expect(afterReset.summary.attempts).toBe(LEARNERS);
    expect(afterReset.summary.mean).toBeCloseTo(before.summary.mean as number, 9);
    // the new attempt completes with every answer right: the learner's captured attempt is replaced
    choices[0] = XP.map(() => 'A');
    await answerAll(0);
    const data = await settled();
    const e = expected();
    near(data.summary.mean, e.summary.mean, 'mean after the new attempt');
    near(data.pebbles[0].discrimination, e.items[0].discrimination, 'Q1 discrimination after the new attempt');
    near(data.pebbles[6].options[1].point_biserial, e.option(6, 'B').point_biserial, 'Q7 B after the new attempt');
    // a completed attempt's answer changed (the pebble allows it): the captured attempt follows
    const q1 = await player(t, learners[1].token).pebble(trailId, data.pebbles[0].id);
    const to = choices[1][0] === 'A' ? 'C' : 'A';
    const option = q1.minerals[0].properties.values?.find((v) => v.value === to);
    await player(t, learners[1].token).ok(q1.id, [{ id: q1.minerals[0].id, options: [option?.id ?? 0] }]);
    choices[1][0] = to;
    const changed = await settled();
    const e2 = expected();
    near(changed.summary.mean, e2.summary.mean, 'mean after a changed answer');
    near(changed.summary.alpha, e2.summary.alpha, 'alpha after a changed answer');
    near(changed.pebbles[0].facility, e2.items[0].facility, 'Q1 facility after a changed answer');
    near(changed.pebbles[0].options[2].count, e2.option(0, 'C').count, 'Q1 C count after a changed answer');
  });
});

describe('GET /api/coach/insight/{trail_id}: who may see it', () => {
  it('refuses learners (403), anonymous callers (401) and another customer’s coach sees no Acme trail (404)', async () => {
    expect((await get(learners[1].token, `/api/coach/insight/${trailId}`)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/coach/insight/${trailId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/coach/insight/${trailId}/csv` })).statusCode).toBe(401);
    expect((await get(learners[1].token, `/api/coach/insight/${trailId}/csv`)).statusCode).toBe(403);
    const globex = await customerIdOf(t, 'Globex');
    const theirs = await importTest(
      t,
      pkg({ name: 'Globex exam' }, ['  - name: Q', '    minerals: [ { type: yes_no, title: Q } ]']),
      {
        customerId: globex,
      },
    );
    expect((await get(coach, `/api/coach/insight/${theirs}`)).statusCode).toBe(404);
    expect((await get(coach, '/api/coach/insight/99999999')).statusCode).toBe(404);
    expect((await get(coach, '/api/coach/insight/abc')).statusCode).toBe(422);
  });
});

describe('GET /api/coach/insight/{trail_id}/csv', () => {
  it('downloads both tables as CSV with the same figures', async () => {
    const data = await settled();
    const res = await get(coach, `/api/coach/insight/${trailId}/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="insight-${trailId}.csv"`);
    const [pebbleTable, optionTable] = res.body.replace(/^\uFEFF/, '').split('\r\n\r\n');
    const lines = pebbleTable.split('\r\n');
    expect(lines[0]).toMatch(/^"pebble_id","position","pebble","attempts",.*"discrimination","efficiency"/);
    expect(lines).toHaveLength(1 + XP.length);
    const q5 = lines[5].split(',');
    expect(q5[2]).toBe('"Q5"');
    expect(Number(q5[8])).toBeCloseTo(data.pebbles[4].discrimination as number, 5);
    expect(q5[13]).toMatch(/negative_discrimination/);
    expect(optionTable.trim().split('\r\n')).toHaveLength(1 + XP.length * 4);
    expect(optionTable).toMatch(/"B",false,.*draws_strong/);
  });
});
