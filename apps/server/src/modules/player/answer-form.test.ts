import type { Pebble } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { ANSWER_FORM_LIMITS } from './answer-form';

// §3 answer form: POST /api/pebbles/{id} takes the spec's form keys (answers[i][id], answers[i][value], battle_id,
// pool_id), urlencoded or multipart, with the JSON body's checks (docs/player.md, "The answer form").

let t: TestApp;
let token: string;
let learner: ReturnType<typeof player>;
let trailId: number;

const pebbles = [1, 2, 3, 4].flatMap((n) => [
  `  - name: Step ${n}`,
  '    xp: 10',
  '    minerals:',
  `      - { type: ma_text, title: Colours ${n}, values: [{ value: Red, correct: true }, { value: Blue, correct: true }, Grey] }`,
  `      - { type: text_input, title: Why ${n} }`,
]);

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  learner = player(t, token);
  trailId = await importTest(t, pkg({ name: 'Form trail' }, pebbles), { assign: [DEMO_USERS.learner.email] });
});
afterAll(() => t.close());

const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

function multipart(pairs: [string, string][], file?: string) {
  const b = '----cairnform';
  const parts = pairs.map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (file)
    parts.push(
      `--${b}\r\nContent-Disposition: form-data; name="${file}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
    );
  return { payload: `${parts.join('')}--${b}--\r\n`, type: `multipart/form-data; boundary=${b}` };
}

function post(pebbleId: number, payload: string, type: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pebbles/${pebbleId}`,
    headers: { ...bearer(token), 'content-type': type },
    payload,
  });
}
const urlencoded = (pebbleId: number, pairs: [string, string][]) =>
  post(pebbleId, form(pairs), 'application/x-www-form-urlencoded');
const multi = (pebbleId: number, pairs: [string, string][], file?: string) => {
  const m = multipart(pairs, file);
  return post(pebbleId, m.payload, m.type);
};

/** The spec's keys for a right answer to pebble `p` (both options of its first mineral, a text for the second). */
function rightPairs(p: Pebble): [string, string][] {
  return [
    ['answers[0][id]', String(p.minerals[0].id)],
    ['answers[0][options][]', String(optionId(p, 'Red'))],
    ['answers[0][options][]', String(optionId(p, 'Blue'))],
    ['answers[1][id]', String(p.minerals[1].id)],
    ['answers[1][value]', 'Because ünïcode & more'],
    ['pool_id', ''],
  ];
}

describe('the spec’s answer form', () => {
  it('urlencoded and multipart answers are stored and scored like JSON ones', async () => {
    const first = await learner.pebble(trailId);
    const res = await urlencoded(first.id, rightPairs(first));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ passed: true });
    const second: Pebble = res.json().data;
    expect(second.name).toBe('Step 2');

    const stored = await learner.pebble(trailId, first.id);
    expect(stored.minerals[0].answer?.options?.sort()).toEqual(
      [optionId(first, 'Red'), optionId(first, 'Blue')].sort(),
    );
    expect(stored.minerals[1].answer?.value).toBe('Because ünïcode & more');

    const viaMultipart = await multi(second.id, rightPairs(second));
    expect(viaMultipart.statusCode).toBe(200);
    expect(viaMultipart.json()).toMatchObject({ passed: true, data: { name: 'Step 3' } });

    // the spec's Answer option (id, answer '1' = selected): an option sent with another answer is not chosen
    const third: Pebble = viaMultipart.json().data;
    const options = await urlencoded(third.id, [
      ['answers[0][id]', String(third.minerals[0].id)],
      ['answers[0][options][0][id]', String(optionId(third, 'Red'))],
      ['answers[0][options][0][answer]', '1'],
      ['answers[0][options][1][id]', String(optionId(third, 'Grey'))],
      ['answers[0][options][1][answer]', '0'],
      ['answers[1][id]', String(third.minerals[1].id)],
      ['answers[1][value]', 'x'],
    ]);
    expect(options.statusCode).toBe(200);
    expect(options.json().passed).toBe(false);
    const kept = await learner.pebble(trailId, third.id);
    expect(kept.minerals[0].answer?.options).toEqual([optionId(third, 'Red')]);
  });

  it('battle_id is read from the form: a battle that is not the learner’s is refused and nothing is stored', async () => {
    const p = await learner.pebble(trailId);
    const res = await urlencoded(p.id, [...rightPairs(p), ['battle_id', '999999']]);
    expect(res.statusCode).toBe(404);
    expect((await learner.pebble(trailId, p.id)).answered).toBe(false);
  });

  it('bad input is refused with field errors, as in JSON (422)', async () => {
    const p = await learner.pebble(trailId);
    const bad = await urlencoded(p.id, [['answers[0][id]', 'abc'], ...rightPairs(p).slice(3)]);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('answers.0.id');

    const unknown = await urlencoded(p.id, [...rightPairs(p), ['answers[0][colour]', 'red']]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['answers[0][colour]']);

    const long = 'x'.repeat(ANSWER_FORM_LIMITS.valueLength + 1);
    for (const res of [
      await urlencoded(p.id, [...rightPairs(p).slice(0, 4), ['answers[1][value]', long]]),
      await multi(p.id, [...rightPairs(p).slice(0, 4), ['answers[1][value]', long]]),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty(['answers[1][value]']);
    }
    // keys the form does not read are ignored with their values, whatever they hold (the fuzz run found
    // `__proto__=` with an overlong value answered outside the error body)
    const ignored = await urlencoded(p.id, [...rightPairs(p).slice(0, 4), ['__proto__', long], ['x'.repeat(99), '1']]);
    expect(ignored.statusCode).toBe(422);
    expect(Object.keys(ignored.json().errors)).toEqual(['answers.1.value']);
    const file = await multi(p.id, rightPairs(p), 'answers[1][value]');
    expect(file.statusCode).toBe(422);
    // the multipart parser refuses a part named __proto__ itself (400, the error body)
    for (const res of [
      await multi(p.id, rightPairs(p), '__proto__'),
      await multi(p.id, [...rightPairs(p).slice(0, 4), ['__proto__', long]]),
    ])
      expect([res.statusCode, typeof res.json().message]).toEqual([400, 'string']);
    const required = await multi(p.id, [['answers[0][id]', String(p.minerals[0].id)]]);
    expect(required.statusCode).toBe(422);
    expect((await learner.pebble(trailId, p.id)).answered).toBe(false);
  });

  it('too many keys or too large a body is 413; another content type 415; a broken multipart 400', async () => {
    const p = await learner.pebble(trailId);
    const many: [string, string][] = Array.from({ length: ANSWER_FORM_LIMITS.keys + 1 }, (_, i) => [`k${i}`, '1']);
    for (const res of [await urlencoded(p.id, many), await multi(p.id, many)]) {
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
    }
    const huge = await post(
      p.id,
      `answers[0][value]=${'x'.repeat(t.config.bodyLimit + 1)}`,
      'application/x-www-form-urlencoded',
    );
    expect(huge.statusCode).toBe(413);
    for (const type of ['text/plain', 'application/xml']) {
      const res = await post(p.id, form(rightPairs(p)), type);
      expect(res.statusCode).toBe(415);
    }
    const cut = multipart(rightPairs(p));
    const broken = await post(p.id, cut.payload.slice(0, 60), cut.type);
    expect(broken.statusCode).toBe(400);
    const nul = await urlencoded(p.id, [...rightPairs(p).slice(0, 4), ['answers[1][value]', 'a\u0000b']]);
    expect(nul.statusCode).toBe(400);
    expect((await learner.pebble(trailId, p.id)).answered).toBe(false);
  });
});
