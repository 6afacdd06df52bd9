import type { DashboardResponse, LeaderboardEntry, MeDashboard } from '@cairn/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { customerIdOf, importTest, optionId, player } from '../../test/fixtures/trails.fixtures';
import { bearer, countQueries, createTestApp, login, type TestApp } from '../../test/harness';
import { rankPage } from './dashboards.service';

// two stages: A (Q1, Q2) and B (Q3); 10 xp each
const BOARD_TRAIL = `format: cairn-trail/1
name: Board trail
type: exam
tries: 0
pebbles:
  - name: Q1
    stage: A
    xp: 10
    minerals: [ { type: sa_text, title: One?, values: [ 'no', { value: 'yes', correct: true } ] } ]
  - name: Q2
    stage: A
    xp: 10
    minerals: [ { type: sa_text, title: Two?, values: [ 'no', { value: 'yes', correct: true } ] } ]
  - name: Q3
    stage: B
    xp: 10
    minerals: [ { type: sa_text, title: Three?, values: [ 'no', { value: 'yes', correct: true } ] } ]
`;

let t: TestApp;
let trailId: number;
const tokens: Record<'learner' | 'rival' | 'coach' | 'other', string> = {
  learner: '',
  rival: '',
  coach: '',
  other: '',
};
const ids: Record<string, number> = {};

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const board = async (token: string, url: string) => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardResponse;
};
const byUser = (entries: LeaderboardEntry[]) => Object.fromEntries(entries.map((e) => [e.user.id, e]));

/** Answers the trail's current pebble with yes (right) or no (wrong). */
async function answer(token: string, right: boolean) {
  const p = player(t, token);
  const peb = await p.pebble(trailId);
  await p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, right ? 'yes' : 'no')] }]);
}

beforeAll(async () => {
  t = await createTestApp();
  trailId = await importTest(t, BOARD_TRAIL, {
    assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email],
  });
  for (const k of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[k] = (await login(t.app, DEMO_USERS[k].email, DEMO_USERS[k].password)).access_token;
    ids[k] = (await get(tokens[k], '/api/user/profile')).json().data.id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('competition ranks', () => {
  it('share a rank between equal values and skip the places they take, across pages', () => {
    expect(rankPage([30, 20, 20, 10], 0, 0)).toEqual([1, 2, 2, 4]);
    // page 2 of size 2 over 30, 20, 20, 10: starts inside the tie (one row above 20)
    expect(rankPage([20, 10], 1, 2)).toEqual([2, 4]);
    expect(rankPage([], 0, 0)).toEqual([]);
  });
});

describe('leaderboards', () => {
  it('rank the trail by points as answers are stored, with ties sharing a rank', async () => {
    await answer(tokens.learner, true); // Q1 right: 10
    await answer(tokens.rival, false); // Q1 wrong
    await answer(tokens.rival, true); // Q2 right: 10
    const res = await board(tokens.learner, `/api/dashboard/user/points/most?trail_id=${trailId}`);
    expect(res.meta).toMatchObject({ endpoint: 'user/points/most', metric: 'points' });
    expect(res.data.map((e) => [e.user.id, e.value, e.rank])).toEqual([
      [ids.learner, 10, 1],
      [ids.rival, 10, 1],
    ]);
    expect(res.data.find((e) => e.user.id === ids.learner)?.me).toBe(true);
    expect(res.data[0].user.firstname).toBe('Lena');
    expect(res.filters.trail_id).toBe(trailId);
    expect(res.filters.trails.map((x) => x.name)).toContain('Board trail');

    await answer(tokens.learner, true); // Q2 right: 20, stage A complete → a crown
    const points = await board(tokens.rival, `/api/dashboard?trail_id=${trailId}`);
    expect(points.data.map((e) => [e.user.id, e.value, e.rank])).toEqual([
      [ids.learner, 20, 1],
      [ids.rival, 10, 2],
    ]);
    const crowns = await board(tokens.rival, `/api/dashboard/user/crowns/most?trail_id=${trailId}`);
    expect(byUser(crowns.data)[ids.learner].value).toBe(1);
    expect(byUser(crowns.data)[ids.rival].value).toBe(0);
  });

  it('count completed trails over the customer, and a coach reset takes the tally back', async () => {
    const before = byUser((await board(tokens.learner, '/api/dashboard/user/trails/most?limit=100')).data);
    const completedBefore = before[ids.learner]?.value ?? 0;
    await answer(tokens.learner, false); // Q3 wrong: every pebble answered → completed
    const after = byUser((await board(tokens.learner, '/api/dashboard/user/trails/most?limit=100')).data);
    expect(after[ids.learner].value).toBe(completedBefore + 1);
    const pointsBefore = byUser((await board(tokens.learner, '/api/dashboard?limit=100')).data)[ids.learner].value;

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${ids.learner}/reset/trail`,
      headers: bearer(tokens.coach),
      payload: { trails_ids: [trailId] },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const points = byUser((await board(tokens.learner, '/api/dashboard?limit=100')).data);
    expect(points[ids.learner].value).toBe(pointsBefore - 20);
    const trails = byUser((await board(tokens.learner, '/api/dashboard/user/trails/most?limit=100')).data);
    expect(trails[ids.learner].value).toBe(completedBefore);
    const onTrail = byUser((await board(tokens.learner, `/api/dashboard?trail_id=${trailId}`)).data);
    expect(onTrail[ids.learner].value).toBe(0);
  });

  it('pages by limit and page with the total number of pages', async () => {
    const all = await board(tokens.learner, '/api/dashboard?limit=100');
    const total = all.meta.pagination.total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(all.data).toHaveLength(total);
    const second = await board(tokens.learner, '/api/dashboard?limit=1&page=2');
    expect(second.data).toHaveLength(1);
    expect(second.data[0].user.id).toBe(all.data[1].user.id);
    expect(second.data[0].rank).toBe(all.data[1].rank);
    expect(second.meta.pagination).toEqual({ total, total_pages: total, current_page: 2, per_page: 1 });
    const beyond = await board(tokens.learner, `/api/dashboard?limit=10&page=${total + 5}`);
    expect(beyond.data).toEqual([]);
    // the default page size is §9's 10
    expect((await board(tokens.learner, '/api/dashboard')).meta.pagination.per_page).toBe(10);
  });

  it("stays within the customer: Globex sees none of Acme's learners and no Acme trail", async () => {
    const globex = await board(tokens.other, '/api/dashboard?limit=100');
    const acmeIds = new Set([ids.learner, ids.rival, ids.coach]);
    expect(globex.data.some((e) => acmeIds.has(e.user.id))).toBe(false);
    expect(globex.filters.trails.some((x) => x.id === trailId)).toBe(false);
    expect((await get(tokens.other, `/api/dashboard?trail_id=${trailId}`)).statusCode).toBe(404);
  });

  it('refuse unknown cards, bad paging and public users', async () => {
    expect((await get(tokens.learner, '/api/dashboard/user/points/least')).statusCode).toBe(404);
    const bad = await get(tokens.learner, '/api/dashboard?limit=0&page=x');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['limit', 'page']));
    const pub = await t.app.inject({ method: 'POST', url: '/api/public/login/demo' });
    expect(pub.statusCode, pub.body).toBe(200);
    const publicToken = pub.json().data.access_token;
    expect((await get(publicToken, '/api/dashboard')).statusCode).toBe(403);
    expect((await get(publicToken, '/api/me/dashboard')).statusCode).toBe(403);
  });

  it('leave a deleted account off the boards', async () => {
    const [zed] = await t.database.db
      .insert(users)
      .values({ email: 'zed@example.com', firstname: 'Zed', customerId: await customerIdOf(t, 'Acme') })
      .returning();
    const [role] = (await t.database.db.execute<{ id: number }>(sql`select id from roles where name = 'learner'`)).rows;
    await t.database.db.insert(userRoles).values({ userId: zed.id, roleId: role.id });
    await t.database.db.execute(sql`insert into trail_assignments (trail_id, user_id) values (${trailId}, ${zed.id})`);
    expect(byUser((await board(tokens.learner, '/api/dashboard?limit=100')).data)[zed.id]?.value).toBe(0);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, zed.id));
    expect(byUser((await board(tokens.learner, '/api/dashboard?limit=100')).data)[zed.id]).toBeUndefined();
  });

  it('make the same number of queries for 3 learners as for 40', async () => {
    const queries = countQueries(t.database.pool);
    try {
      await board(tokens.learner, '/api/dashboard?limit=3');
      const few = queries.count;
      queries.reset();
      await board(tokens.learner, '/api/dashboard?limit=40');
      expect(queries.count).toBe(few);
      queries.reset();
      await get(tokens.learner, '/api/me/dashboard');
      expect(queries.count).toBeLessThanOrEqual(2);
    } finally {
      queries.restore();
    }
  });
});

describe('GET /api/me/dashboard', () => {
  it("gives the learner's totals and, per card, the top three and the learner's own place", async () => {
    await answer(tokens.learner, true); // Q1 again after the reset: 10 on this trail
    const res = await get(tokens.learner, '/api/me/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json().data as MeDashboard;
    const points = await board(tokens.learner, '/api/dashboard?limit=100');
    const mine = byUser(points.data)[ids.learner];
    expect(me.totals.xp).toBe(mine.value);
    expect(me.totals.trails_assigned).toBeGreaterThanOrEqual(1);
    expect(me.cards.map((c) => c.endpoint)).toEqual(['user/points/most', 'user/crowns/most', 'user/trails/most']);
    const card = me.cards[0];
    expect(card.total).toBe(points.meta.pagination.total);
    expect(card.top.map((e) => [e.user.id, e.rank, e.value])).toEqual(
      points.data.slice(0, 3).map((e) => [e.user.id, e.rank, e.value]),
    );
    expect(card.mine).toMatchObject({ rank: mine.rank, value: mine.value, me: true });
  });
});

describe('coaches', () => {
  it('are not ranked on any board, even with points of their own', async () => {
    await answer(tokens.coach, true); // the coach is assigned and plays: 10 points on this trail
    await answer(tokens.coach, true); // 20: above the rival
    const ids_ = (entries: LeaderboardEntry[]) => entries.map((e) => e.user.id);
    const onTrail = await board(tokens.learner, `/api/dashboard?trail_id=${trailId}&limit=100`);
    expect(ids_(onTrail.data)).not.toContain(ids.coach);
    expect(onTrail.meta.pagination.total).toBe(onTrail.data.length);
    const overall = await board(tokens.learner, '/api/dashboard?limit=100');
    expect(ids_(overall.data)).not.toContain(ids.coach);
    expect(overall.meta.pagination.total).toBe(overall.data.length);
    const me = (await get(tokens.learner, '/api/me/dashboard')).json().data as MeDashboard;
    for (const card of me.cards) {
      expect(ids_(card.top)).not.toContain(ids.coach);
      expect(card.total).toBe(overall.meta.pagination.total);
    }
    // the learner's place counts only learners above them
    expect(me.cards[0].mine?.rank).toBe(byUser(overall.data)[ids.learner].rank);
  });
});
