import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, pkg, player } from '../fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../harness';

/**
 * Issue 26: the email and url rules backtracked (quadratic on a run of dots, exponential on a long host name), and
 * ran on unbounded input: one request froze the process for every other. Each route below gets the worst input at
 * the body limit and must answer its 422 within 100 ms. A functional guard measured here, not a benchmark.
 */
const WITHIN_MS = 100;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

/** A string that fills a JSON body of the configured limit, less `reserve` bytes for the rest of the body. */
const filling = (prefix: string, unit: string, suffix: string, reserve = 300) =>
  `${prefix}${unit.repeat(Math.floor((t.config.bodyLimit - reserve - prefix.length - suffix.length) / unit.length))}${suffix}`;

async function timedInject(opts: InjectOptions) {
  const started = performance.now();
  const res = await t.app.inject(opts);
  return { res, ms: performance.now() - started };
}

describe('the worst input at the body limit answers 422 at once (issue 26: ReDoS)', () => {
  const username = () => filling('a@', '.', ' ');
  const routes = [
    { url: '/api/login', payload: () => ({ username: username(), password: 'whatever1' }) },
    { url: '/api/password/forgot', payload: () => ({ username: username(), url: 'http://localhost/reset' }) },
    {
      url: '/api/password/reset',
      payload: () => ({ username: username(), token: 'x', password: 'secret12', password_confirmation: 'secret12' }),
    },
  ];

  for (const route of routes) {
    it(`${route.url}: a username of a@ and a megabyte of dots`, async () => {
      const payload = JSON.stringify(route.payload());
      expect(payload.length).toBeGreaterThan(t.config.bodyLimit - 400);
      expect(payload.length).toBeLessThanOrEqual(t.config.bodyLimit);
      // warm the route (its first call compiles what it uses), then measure
      await t.app.inject({ method: 'POST', url: route.url, payload: { ...route.payload(), username: 'a@' } });
      const { res, ms } = await timedInject({
        method: 'POST',
        url: route.url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().rules.username).toEqual({ rule: 'max', params: { length: 254 } });
      expect(ms).toBeLessThan(WITHIN_MS);
      // at the bound, the pattern itself runs on the worst input: refused as an address, as fast
      const atBound = await timedInject({
        method: 'POST',
        url: route.url,
        payload: { ...route.payload(), username: `a@${'.'.repeat(250)} ` },
      });
      expect(atBound.res.statusCode).toBe(422);
      expect(atBound.res.json().rules.username).toEqual({ rule: 'email', params: {} });
      expect(atBound.ms).toBeLessThan(WITHIN_MS);
    });
  }

  it('POST /api/pebbles/{id}: a url_input answer of a megabyte, and the exponential host at the url limit', async () => {
    const id = await importTest(
      t,
      pkg({ type: 'survey', name: 'ReDoS survey' }, [
        '  - name: Links',
        '    minerals:',
        '      - { type: url_input, title: Site }',
        '      - { type: email_input, title: Mail }',
      ]),
      { assign: [DEMO_USERS.learner.email] },
    );
    const learner = player(t, token);
    const p = await learner.pebble(id);
    const [site, mail] = p.minerals.map((m) => m.id);
    const url = `/api/pebbles/${p.id}`;
    const send = (answers: unknown) =>
      timedInject({ method: 'POST', url, headers: bearer(token), payload: { answers, action: 'next' } });
    await send([{ id: site, value: 'warm-up' }]);

    const huge = await send([
      { id: site, value: filling('', 'a', '!') },
      { id: mail, value: 'a@b.co' },
    ]);
    expect(JSON.stringify(huge.res.json()).length).toBeLessThan(2_000);
    expect(huge.res.statusCode).toBe(422);
    expect(huge.res.json().rules['answers.0.value'].rule).toBe('max');
    expect(huge.ms).toBeLessThan(WITHIN_MS);

    // within every bound: 2,047 host characters and a '!' (30 took 1.6 s before), an address of dots (answers are
    // trimmed, so the dots end in '@' rather than a space)
    const worst = await send([
      { id: site, value: `${'a'.repeat(2047)}!` },
      { id: mail, value: `a@${'.'.repeat(250)}@` },
    ]);
    expect(worst.res.statusCode).toBe(422);
    expect(worst.res.json().rules).toEqual({
      'answers.0.value': { rule: 'url', params: {} },
      'answers.1.value': { rule: 'email', params: {} },
    });
    expect(worst.ms).toBeLessThan(WITHIN_MS);
  });
});
