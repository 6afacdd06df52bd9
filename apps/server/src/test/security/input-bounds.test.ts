import { FIELD_ERRORS_MAX } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../db/seed';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, pkg, player } from '../fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../harness';

/** Issue 26: the size of a 422, and bidirectional controls in what other people see. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

const RLO = '\u202E';
const ISOLATES = '\u2066\u2067\u2068\u2069';

describe('a 422 lists at most FIELD_ERRORS_MAX fields (issue 26)', () => {
  it('answers 50,000 bad answers with the first 20 field errors and the count of the rest', async () => {
    const id = await importTest(
      t,
      pkg({ type: 'survey', name: 'Many answers' }, [
        '  - name: One',
        '    minerals:',
        '      - { type: text_input, title: T }',
      ]),
      { assign: [DEMO_USERS.learner.email] },
    );
    const p = await player(t, token).pebble(id);
    const answers = Array.from({ length: 50_000 }, () => ({ id: 'x' }));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pebbles/${p.id}`,
      headers: bearer(token),
      payload: { answers, action: 'next' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors)).toHaveLength(FIELD_ERRORS_MAX);
    expect(Object.keys(body.rules)).toEqual(Object.keys(body.errors));
    expect(body.errors_omitted).toBe(50_000 - FIELD_ERRORS_MAX);
    expect(res.body.length).toBeLessThan(10_000);
  });

  it('leaves a short list whole, without a count', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 1, password: 2 } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
    expect(res.json()).not.toHaveProperty('errors_omitted');
  });
});

describe('bidirectional controls are stripped from names and messages (issue 26)', () => {
  it('stores a first and last name without them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(token),
      payload: { firstname: `Ann${RLO}gpj.exe`, lastname: `Lee${ISOLATES}\u202A\u202B\u202C\u202D` },
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/user/profile', headers: bearer(token) })).json().data;
    expect([me.firstname, me.lastname]).toEqual(['Anngpj.exe', 'Lee']);
  });

  it('stores a chat message without them, the rest of the text kept', async () => {
    const coach = await demoUserId(t.database.db, DEMO_USERS.coach.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(token),
      payload: { body: `see ${RLO}fdp.exe שלום`, user_id: coach },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.body).toBe('see fdp.exe שלום');
  });

  it('stores a folder name without them, and refuses one made only of them', async () => {
    const make = (name: string) =>
      t.app.inject({ method: 'POST', url: '/api/vaults', headers: bearer(token), payload: { name } });
    const ok = await make(`Work${RLO}cod.exe`);
    expect(ok.statusCode).toBeLessThan(300);
    expect(JSON.stringify(ok.json())).toContain('Workcod.exe');
    expect(JSON.stringify(ok.json())).not.toContain(RLO);
    const empty = await make(`${RLO}${ISOLATES}`);
    expect(empty.statusCode).toBe(422);
  });
});
