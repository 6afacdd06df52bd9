import type { AppNotification, MeRboRatings, Pebble, RboTarget } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
type Who = { token: string; id: number; play: ReturnType<typeof player> };
let learner: Who;
let rival: Who;
let coach: Who;
let other: Who;
let trailId: number;
let rated: Pebble;

const RATED = `format: cairn-trail/1
name: Rated tips
type: survey
tries: 0
coach: ${DEMO_USERS.coach.email}
pebbles:
  - name: A tip
    xp: 5
    is_rbo: true
    rbo_scale: emojis
    minerals:
      - { type: text_input, title: Your best tip }
  - name: Plain
    xp: 5
    minerals:
      - { type: text_input, title: Anything }
`;

async function who(email: string, password: string): Promise<Who> {
  const { access_token } = await login(t.app, email, password);
  const id = (await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) })).json().data.id;
  return { token: access_token, id, play: player(t, access_token) };
}

const notifications = async (w: Who): Promise<AppNotification[]> =>
  (await t.app.inject({ url: '/api/notificationsAll/1', headers: bearer(w.token) })).json().data;
const rbo = (w: Who, method: 'GET' | 'POST', pebble: number, playerId: number, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/rbos/${pebble}/${playerId}`, headers: bearer(w.token), payload });

beforeAll(async () => {
  t = await createTestApp();
  trailId = await importTest(t, RATED, {
    assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email],
  });
  learner = await who(DEMO_USERS.learner.email, DEMO_USERS.learner.password);
  rival = await who(DEMO_USERS.rival.email, DEMO_USERS.rival.password);
  coach = await who(DEMO_USERS.coach.email, DEMO_USERS.coach.password);
  other = await who(DEMO_USERS.other.email, DEMO_USERS.other.password);
  rated = await rival.play.pebble(trailId);
  await rival.play.ok(rated.id, [{ id: rated.minerals[0].id, value: 'Ask questions early' }]);
});
afterAll(() => t.close());

describe('peer ratings (RBO)', () => {
  it('a first answer to a rated pebble asks a peer and the coach, stored and notified', async () => {
    expect(rated.is_rbo).toBe(true);
    const [n] = (await notifications(learner)).filter((x) => x.event === 'NOTIFY_RBO');
    expect(n.data).toMatchObject({ type: 'request', pebble_id: rated.id, player_id: rival.id, trail_id: trailId });
    expect((await notifications(coach)).some((x) => x.event === 'NOTIFY_RBO' && x.data.type === 'request')).toBe(true);
    const mine: MeRboRatings = (await learner.play.get('/api/me/rboratings')).json().data;
    expect(mine.requests).toEqual([
      expect.objectContaining({
        pebble_id: rated.id,
        trail_name: 'Rated tips',
        player: expect.objectContaining({ id: rival.id }),
      }),
    ]);
    // answering again (the answer may change) asks nobody twice
    await rival.play.ok(rated.id, [{ id: rated.minerals[0].id, value: 'Ask questions early, and often' }]);
    expect((await notifications(learner)).filter((x) => x.event === 'NOTIFY_RBO')).toHaveLength(1);
  });

  it('shows the rater the questions, the answer and the scale', async () => {
    const res = await rbo(learner, 'GET', rated.id, rival.id);
    expect(res.statusCode).toBe(200);
    const target: RboTarget = res.json().data;
    expect(target).toMatchObject({
      pebble: { id: rated.id, name: 'A tip', trail_id: trailId, questions: ['Your best tip'] },
      player: { id: rival.id },
      answers: [{ value: 'Ask questions early, and often' }],
      scale: 'emojis',
      request: { mandatory: false },
      my_rating: null,
    });
  });

  it('stores a rating once, notifies the player and shows it in their results', async () => {
    const res = await rbo(learner, 'POST', rated.id, rival.id, { rating: 4, comment: '  Good one  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rater_id: learner.id, rating: 4, comment: 'Good one' });
    const again = await rbo(learner, 'POST', rated.id, rival.id, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_rated');

    const n = (await notifications(rival)).find((x) => x.event === 'NOTIFY_RBO');
    expect(n?.data).toMatchObject({ type: 'rating', rating: 4, comment: 'Good one', pebble_id: rated.id });
    // the coach may rate too; the request list of the learner is empty now
    expect((await rbo(coach, 'POST', rated.id, rival.id, { rating: 2, comment: 'More detail' })).statusCode).toBe(200);
    expect((await learner.play.get('/api/me/rboratings')).json().data.requests).toEqual([]);

    const pebble = await rival.play.pebble(trailId, rated.id);
    expect(pebble.rbo_results).toMatchObject({
      total_ratings: 2,
      average_rating: 3,
      counts: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
    });
    expect(pebble.rbo_results?.ratings.map((r) => r.comment)).toEqual(['More detail', 'Good one']);
    expect(pebble.poll_answers).toBe(1);
    // chat-with: once the rival and the learner have a discussion, the rating names it
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(rival.token),
      payload: { body: 'Thanks for the rating!', user_id: learner.id },
    });
    expect(sent.statusCode).toBe(200);
    const discussionId = sent.json().data.discussion_id as number;
    const reread = await rival.play.pebble(trailId, rated.id);
    expect(reread.rbo_results?.ratings.find((r) => r.rater_id === learner.id)?.discussion_id).toBe(discussionId);
    const mine: MeRboRatings = (await rival.play.get('/api/me/rboratings')).json().data;
    expect(mine.received).toEqual([
      expect.objectContaining({ pebble_id: rated.id, total_ratings: 2, average_rating: 3 }),
    ]);
  });

  it('refuses one’s own answer, the unasked, other customers, bad ratings and unrated pebbles', async () => {
    expect((await rbo(rival, 'GET', rated.id, rival.id)).statusCode).toBe(403);
    expect((await rbo(rival, 'POST', rated.id, rival.id, { rating: 5 })).statusCode).toBe(403);
    // the learner answers; the rival was not asked (the coach and... nobody else in Acme besides the rival)
    await learner.play.ok(rated.id, [{ id: rated.minerals[0].id, value: 'Keep notes' }]);
    expect((await rbo(other, 'GET', rated.id, rival.id)).statusCode).toBe(404);
    expect((await rbo(other, 'POST', rated.id, rival.id, { rating: 3 })).statusCode).toBe(404);
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, {}, { rating: 3, comment: 'x'.repeat(501) }]) {
      const res = await rbo(coach, 'POST', rated.id, learner.id, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBeTruthy();
    }
    const plain = (await rival.play.pebble(trailId)).id;
    expect((await rbo(coach, 'GET', plain, rival.id)).statusCode).toBe(404);
    // a player who has not answered has nothing to rate
    expect((await rbo(rival, 'GET', rated.id, coach.id)).statusCode).toBe(404);
  });

  it('lists requests and ratings in a fixed number of queries', async () => {
    const seen: string[] = [];
    const client = t.database.pool;
    const orig = client.query.bind(client);
    (client as unknown as { query: typeof orig }).query = ((...args: Parameters<typeof orig>) => {
      seen.push(String((args[0] as { text?: string }).text ?? args[0]));
      return orig(...args);
    }) as typeof orig;
    try {
      seen.length = 0;
      await rival.play.get('/api/me/rboratings');
      const few = seen.length;
      seen.length = 0;
      await learner.play.get('/api/me/rboratings');
      expect(seen.length).toBe(few);
      expect(few).toBeLessThanOrEqual(3);
    } finally {
      (client as unknown as { query: typeof orig }).query = orig;
    }
  });
});
