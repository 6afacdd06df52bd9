import type { OfflineTrail } from '@cairn/shared';
import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../db/seed';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, pkg, player, trailIdByName } from '../../test/fixtures/trails.fixtures';
import { countQueries, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let learner: ReturnType<typeof player>;
beforeAll(async () => {
  t = await createTestApp();
  learner = player(t, (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token);
});
afterAll(() => t.close());

const steps = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    `  - name: Step ${i + 1}`,
    '    minerals:',
    `      - { type: sa_text, title: Q${i + 1}, values: [wrong, { value: right, correct: true }] }`,
    '      - { type: text_input, title: Why, correct: [secret answer], required: false }',
  ]).flat();

describe('GET /api/offline/trails/{id}: a trail for offline play (docs/offline.md)', () => {
  it('sends every pebble in order with the learner answers, never the right ones, and opens nothing', async () => {
    const id = await importTest(t, pkg({ name: 'Offline trail' }, steps(3)), { assign: [DEMO_USERS.learner.email] });
    const first = await learner.pebble(id);
    const right = first.minerals[0].properties.values!.find((v) => v.value === 'right')!.id;
    await learner.ok(first.id, [{ id: first.minerals[0].id, options: [right] }]);
    const learnerId = await demoUserId(t.database.db, DEMO_USERS.learner.email);
    const opened = () =>
      t.database.pool
        .query('select count(*)::int n from pebble_states where user_id = $1 and trail_id = $2', [learnerId, id])
        .then((r) => r.rows[0].n);
    const before = await opened();

    const res = await learner.get(`/api/offline/trails/${id}`);
    expect(res.statusCode).toBe(200);
    const data: OfflineTrail = res.json().data;
    expect(data.pebbles.map((p) => p.name)).toEqual(['Step 1', 'Step 2', 'Step 3']);
    expect(data.pebbles[0].answered).toBe(true);
    expect(data.pebbles[0].minerals[0].answer?.options).toEqual([right]);
    expect(data.pebbles.map((p) => p.navigator.map((n) => n.is_locked))[0]).toEqual([false, false, true]);
    expect(res.body).not.toContain('secret answer');
    expect(res.body).not.toMatch(/"correct"/);
    expect(await opened()).toBe(before);
  });

  it('reads in a fixed number of statements whatever the number of pebbles', async () => {
    const small = await importTest(t, pkg({ name: 'Small offline' }, steps(2)), { assign: [DEMO_USERS.learner.email] });
    const big = await importTest(t, pkg({ name: 'Big offline' }, steps(30)), { assign: [DEMO_USERS.learner.email] });
    const counts: number[] = [];
    for (const id of [small, big]) {
      await learner.get(`/api/offline/trails/${id}`);
      const queries = countQueries(t.database.pool);
      const res = await learner.get(`/api/offline/trails/${id}`);
      counts.push(queries.count);
      queries.restore();
      expect(res.statusCode).toBe(200);
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('a trail that is not the learner’s to play is 404', async () => {
    const other = await importTest(t, pkg({ name: 'Not assigned' }, steps(1)), { assign: [DEMO_USERS.rival.email] });
    expect((await learner.get(`/api/offline/trails/${other}`)).statusCode).toBe(404);
    expect((await learner.get('/api/offline/trails/999999')).statusCode).toBe(404);
  });

  it("keeps the image service's §9 sizes of a pebble's background image, the ones the player shows", async () => {
    const token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
    const exam = await trailIdByName(t, token, 'Demo exam');
    const data: OfflineTrail = (await learner.get(`/api/offline/trails/${exam}`)).json().data;
    const bg = data.pebbles.map((p) => p.backgroundLandscape).find((b) => b?.type === 'image');
    expect(bg).toBeDefined();
    expect(data.files).toContain(imageUrl(bg!.url, IMAGE_SIZES.backgroundLandscape));
    expect(data.files).toContain(imageUrl(bg!.url, IMAGE_SIZES.backgroundPortrait));
    // and the image service makes them
    const res = await t.app.inject({ url: imageUrl(bg!.url, IMAGE_SIZES.backgroundLandscape) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });
});
