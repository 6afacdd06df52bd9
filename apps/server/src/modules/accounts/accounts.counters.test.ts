import { type User, userSchema } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

async function profile(): Promise<User> {
  const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return userSchema.parse(res.json().data);
}
const seen = (screen: string) =>
  t.app.inject({ method: 'POST', url: `/api/me/seen/${screen}`, headers: bearer(token) });
const one = [
  '  - name: Only',
  '    minerals:',
  '      - { type: sa_text, title: Pick, values: [a, { value: b, correct: true }] }',
];

describe('the §3 User facts', () => {
  it('counts discussions, unread messages, open and later trails; links the vault; no token, not deleted', async () => {
    const u = await profile();
    // the seeded chats the learner is shown: Lena and Rico, the team (the non-repliable announcements, unread,
    // are shown to their owner only: §6, docs/chat.md)
    expect(u.discussions).toBe(2);
    expect(u.notification_chat).toBe(0);
    expect(u.accessible_trails).toBe(4);
    expect(u.in_accessible_trails).toBe(0);
    expect(u.deleted_at).toBeNull();
    expect(u.vault_relations).toEqual([]);
    expect(u.my_vault).toBeNull();
    expect(Object.keys(u)).not.toContain('token');

    await importTest(t, pkg({ name: 'Opens later' }, one), { assign: [DEMO_USERS.learner.email], startsOn: '+3' });
    const later = await profile();
    expect(later.in_accessible_trails).toBe(1);
    expect(later.accessible_trails).toBe(4);
  });
});

describe('the home and me counters', () => {
  it('home counts trails assigned since /games was opened and not opened yet; opening /games clears it', async () => {
    expect((await profile()).notifications.home).toBe(4);
    const cleared = await seen('home');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.notifications.home).toBe(0);

    const id = await importTest(t, pkg({ name: 'Brand new' }, one), { assign: [DEMO_USERS.learner.email] });
    expect((await profile()).notifications.home).toBe(1);
    // opening the trail's first pebble counts as opening it
    expect((await player(t, token).current(id)).statusCode).toBe(200);
    expect((await profile()).notifications.home).toBe(0);
  });

  it('me counts rewards and certificates earned since /me was opened; opening /me clears it', async () => {
    await seen('me');
    const id = await importTest(
      t,
      [
        'format: cairn-trail/1',
        'name: Rewarding',
        'type: exam',
        'certificate: { title: Well done, when: completed }',
        'rewards:',
        '  - { key: done, title: Done, unlock: { on: trail_completed } }',
        'pebbles:',
        ...one,
      ].join('\n'),
      { assign: [DEMO_USERS.learner.email] },
    );
    const p = await player(t, token).pebble(id);
    const res = await player(t, token).answer(p.id, [{ id: p.minerals[0].id, options: [optionId(p, 'b')] }]);
    expect(res.statusCode).toBe(200);
    expect((await profile()).notifications.me).toBe(2);
    expect((await seen('me')).json().data.notifications.me).toBe(0);
    const at = await t.database.db.execute<{ home: Date; me: Date }>(
      sql`select home_seen_at as home, me_seen_at as me from users where lower(email) = ${DEMO_USERS.learner.email}`,
    );
    expect(at.rows[0].me).toBeTruthy();
  });

  it('refuses an unknown screen (422) and an anonymous caller (401)', async () => {
    expect((await seen('elsewhere')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/seen/home' })).statusCode).toBe(401);
  });
});

describe('"Your first reward!" once per user (issue 28)', () => {
  it('is remembered on the server: first_reward_seen turns true once shown, stays true, for this user only', async () => {
    expect((await profile()).first_reward_seen).toBe(false);
    const shown = await seen('first_reward');
    expect(shown.statusCode).toBe(200);
    expect(userSchema.parse(shown.json().data).first_reward_seen).toBe(true);
    // a new sign-in (another device, a reload) reads it back
    const again = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
    const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(again) });
    expect(res.json().data.first_reward_seen).toBe(true);
    // the first moment is kept: a second call changes nothing
    const first = await t.database.db.execute<{ at: Date }>(
      sql`select first_reward_seen_at as at from users where lower(email) = ${DEMO_USERS.learner.email}`,
    );
    await seen('first_reward');
    const second = await t.database.db.execute<{ at: Date }>(
      sql`select first_reward_seen_at as at from users where lower(email) = ${DEMO_USERS.learner.email}`,
    );
    expect(second.rows[0].at).toEqual(first.rows[0].at);
    const rival = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
    const theirs = await t.app.inject({ url: '/api/user/profile', headers: bearer(rival) });
    expect(theirs.json().data.first_reward_seen).toBe(false);
  });
});
