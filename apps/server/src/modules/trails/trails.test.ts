import { attemptSeconds, type Trail } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { customerIdOf, importTest, pkg, player, trailIdByName } from '../../test/fixtures/trails.fixtures';
import { countQueries, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let learner: ReturnType<typeof player>;
let rival: ReturnType<typeof player>;
let other: ReturnType<typeof player>;
let learnerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  learnerToken = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  learner = player(t, learnerToken);
  rival = player(t, (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token);
  other = player(t, (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token);
});
afterAll(() => t.close());

const onePebble = (name: string, tries = 0) =>
  pkg({ type: 'survey', tries, name }, [
    '  - name: Only',
    '    xp: 5',
    '    minerals:',
    '      - { type: text_input, title: T }',
  ]);

describe('GET /api/games', () => {
  it("lists the learner's demo trails with progress, coach and achievements", async () => {
    const res = await learner.games();
    expect(res.statusCode).toBe(200);
    const games: Trail[] = res.json().data;
    expect(games.map((g) => g.type).sort()).toEqual(['assessment', 'battle', 'exam', 'survey']);
    const exam = games.find((g) => g.name === 'Demo exam')!;
    expect(exam.coach).toMatchObject({ firstname: 'Cora', lastname: 'Coach' });
    expect(exam.progress).toMatchObject({
      status: 'not_started',
      xp: 0,
      tries_total: 3,
      tries_left: 3,
      crowns_total: 2,
    });
    expect(exam.achievements).toEqual([
      { type: 'xp', score: 0, total: exam.progress.xp_total },
      { type: 'reward', score: 0, total: 3 },
    ]);
    expect(exam.duration.time_in_seconds).toBe(600);
    expect(exam.can_reset).toBe(false);
  });

  it('shows nothing of Acme to a Globex user, and 404 for an Acme trail', async () => {
    expect((await other.games()).json().data).toEqual([]);
    const id = await trailIdByName(t, learnerToken, 'Demo exam');
    expect((await other.game(id)).statusCode).toBe(404);
    expect((await other.current(id)).statusCode).toBe(404);
    expect((await other.reset(id)).statusCode).toBe(404);
  });

  it('404s an unassigned trail of the own customer', async () => {
    const id = await importTest(t, onePebble('Unassigned'));
    expect((await learner.game(id)).statusCode).toBe(404);
    expect((await learner.current(id)).statusCode).toBe(404);
  });

  it('runs a fixed number of queries whatever the number of trails', async () => {
    const queries = countQueries(t.database.pool);
    try {
      const measure = async () => {
        queries.reset();
        const res = await rival.games();
        expect(res.statusCode).toBe(200);
        return { queries: queries.count, trails: res.json().data.length as number };
      };
      // the first request also checks the token in the database; later ones find it in the process's token cache
      await measure();
      const few = await measure();
      for (let i = 0; i < 5; i++) await importTest(t, onePebble(`Extra ${i}`), { assign: [DEMO_USERS.rival.email] });
      const many = await measure();
      expect(many.trails).toBe(few.trails + 5);
      expect(many.queries).toBe(few.queries);
      expect(few.queries).toBe(1);
    } finally {
      queries.restore();
    }
  });

  it('lists exams and surveys under /api/me', async () => {
    const exams: Trail[] = (await learner.get('/api/me/exams')).json().data;
    const surveys: Trail[] = (await learner.get('/api/me/surveys')).json().data;
    expect(exams.map((x) => x.name)).toEqual(['Demo exam']);
    expect(surveys.map((x) => x.name)).toEqual(['Workplace survey']);
  });
});

describe('tries and reset', () => {
  it('limited tries: each reset spends one, never below 0, refused when none left', async () => {
    const id = await importTest(t, onePebble('Two tries', 2), { assign: [DEMO_USERS.learner.email] });
    expect((await learner.reset(id)).json().code).toBe('nothing_to_reset');
    const p = await learner.pebble(id);
    await learner.ok(p.id, [{ id: p.minerals[0].id, value: 'hi' }]);
    let trail = await learner.trail(id);
    expect(trail.progress).toMatchObject({ tries_total: 2, tries_used: 1, tries_left: 1, status: 'completed' });
    expect(trail.can_reset).toBe(true);
    expect((await learner.get('/api/me/reset')).json().data).toContainEqual(
      expect.objectContaining({ id, tries_left: 1, can_reset: true }),
    );

    const res = await learner.reset(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.progress).toMatchObject({
      tries_used: 2,
      tries_left: 0,
      answered: 0,
      status: 'not_started',
    });
    expect((await learner.pebble(id)).answered).toBe(false);

    await learner.ok(p.id, [{ id: p.minerals[0].id, value: 'again' }]);
    trail = await learner.trail(id);
    expect(trail.progress.tries_left).toBe(0);
    expect(trail.can_reset).toBe(false);
    const refused = await learner.reset(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('no_tries_left');
    expect((await learner.trail(id)).progress).toMatchObject({ tries_used: 2, tries_left: 0, status: 'completed' });
    expect((await learner.get('/api/me/reset')).json().data.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('unlimited tries: tries_left is null and reset always works', async () => {
    const id = await importTest(t, onePebble('Unlimited', 0), { assign: [DEMO_USERS.learner.email] });
    const p = await learner.pebble(id);
    for (let i = 0; i < 3; i++) {
      await learner.ok(p.id, [{ id: p.minerals[0].id, value: `try ${i}` }]);
      const res = await learner.reset(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.progress).toMatchObject({ tries_total: 0, tries_used: i + 2, tries_left: null });
    }
  });

  it("a learner's answers and resets don't touch another learner's progress", async () => {
    const id = await importTest(t, onePebble('Shared', 0), {
      assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email],
    });
    const p = await rival.pebble(id);
    await rival.ok(p.id, [{ id: p.minerals[0].id, value: 'mine' }]);
    const mine = await learner.pebble(id);
    expect(mine.answered).toBe(false);
    expect(mine.minerals[0].answer).toBeNull();
    expect((await learner.trail(id)).progress.status).toBe('not_started');
    expect((await learner.reset(id)).statusCode).toBe(409);
    expect((await rival.trail(id)).progress.status).toBe('completed');
  });
});

describe('customer scoping of imports', () => {
  it('a Globex trail is invisible to Acme learners', async () => {
    const globex = await customerIdOf(t, 'Globex');
    const id = await importTest(t, onePebble('Globex only'), { customerId: globex, assign: 'all' });
    expect((await learner.game(id)).statusCode).toBe(404);
    expect((await other.game(id)).statusCode).toBe(200);
  });
});

describe("the attempt's time (docs/player.md, Times)", () => {
  it('runs from the first pebble opened to completion, and the result says the same seconds', async () => {
    const id = await importTest(t, onePebble('Timed'), { assign: [DEMO_USERS.learner.email] });
    expect((await learner.trail(id)).attempt).toEqual({ started_at: null, completed_at: null });
    const p = await learner.pebble(id);
    const me = p.user.id;
    // the learner thought about the question for 90 seconds before answering
    await t.database.db.execute(
      sql`update pebble_states set opened_at = opened_at - interval '90 seconds' where user_id = ${me} and trail_id = ${id}`,
    );
    const running = (await learner.trail(id)).attempt!;
    expect(running.completed_at).toBeNull();
    expect(attemptSeconds(running.started_at, null)).toBeGreaterThanOrEqual(90);

    await learner.ok(p.id, [{ id: p.minerals[0].id, value: 'done' }]);
    const done = (await learner.trail(id)).attempt!;
    expect(done.started_at).toBe(running.started_at);
    const seconds = attemptSeconds(done.started_at, done.completed_at);
    expect(seconds).toBeGreaterThanOrEqual(90);
    expect(seconds).toBeLessThan(120);
    const result = (await learner.get(`/api/results/users/${me}/${id}`)).json().data;
    expect(result.summary.duration.score).toBe(seconds);
  });
});
