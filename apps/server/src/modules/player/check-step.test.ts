import type { AnswerResponse, Pebble, TrailResult } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trails } from '../../db/schema';
import { demoUserId } from '../../db/seed';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { createTestApp, login, type TestApp } from '../../test/harness';
import { exportTrail } from '../content/content.export';
import { ContentError } from '../content/content.import';

// The check step (issue 29, docs/player.md): the answer route's response carries right/wrong, the right answer,
// the feedback and what was earned — and nothing that gives an answer away reaches the learner before it is stored.

let t: TestApp;
let learner: ReturnType<typeof player>;
beforeAll(async () => {
  t = await createTestApp();
  learner = player(t, (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token);
});
afterAll(() => t.close());

const assign = { assign: [DEMO_USERS.learner.email] };
// answers no payload may carry before the learner has answered: an accepted value and the right option's text
const SECRET_VALUE = 'Zanzibar';
const SECRET_OPTION = 'Ultramarine';

const pebblesOf = (feedback?: string) =>
  [
    '  - name: Colour',
    '    stage: One',
    '    xp: 10',
    '    feedback: Ultramarine was ground from lapis lazuli.',
    '    minerals:',
    `      - { type: sa_text, title: Costliest pigment, values: [{ value: ${SECRET_OPTION}, correct: true }, Ochre, Chalk] }`,
    '  - name: Island',
    '    stage: Two',
    '    xp: 5',
    '    minerals:',
    `      - { type: text_input, title: Spice island, correct: [${SECRET_VALUE}] }`,
    '  - name: Opinion',
    '    xp: 0',
    '    minerals:',
    '      - { type: opinion, title: How was it }',
  ].concat(feedback ? [`feedback: ${feedback}`] : []);

/** Every key and string of a JSON value, for the payload scan. */
function scan(value: unknown, keys: Set<string> = new Set(), strings: string[] = []) {
  if (Array.isArray(value)) for (const v of value) scan(v, keys, strings);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      scan(v, keys, strings);
    }
  else if (typeof value === 'string') strings.push(value);
  return { keys, text: strings.join('\n') };
}

/** What a payload gives away about pebbles not yet answered: `correct` flags, right answers, their feedback. */
function expectNothingRevealed(payload: unknown) {
  const { keys, text } = scan(payload);
  expect([...keys].filter((k) => /correct|right_answers|accepted/i.test(k))).toEqual([]);
  expect(text).not.toContain(SECRET_VALUE);
  expect(text).not.toContain('lapis lazuli');
}

/** The learner's own trail result (GET /api/results/users/{me}/{trail}) and its pebbles by name. */
async function resultOf(trailId: number) {
  const me = await demoUserId(t.database.db, DEMO_USERS.learner.email);
  const res = await learner.get(`/api/results/users/${me}/${trailId}`);
  expect(res.statusCode).toBe(200);
  const result = res.json().data as TrailResult;
  const pebble = (name: string) => result.markers.flatMap((m) => m.pebbles).find((p) => p.name === name)!;
  return { result, pebble };
}

async function answer(pebble: Pebble, answers: Parameters<typeof learner.ok>[1]): Promise<AnswerResponse> {
  return learner.ok(pebble.id, answers);
}

describe('check step, immediate (an exam by default)', () => {
  let id: number;
  beforeAll(async () => {
    id = await importTest(t, pkg({ name: 'Pigments exam' }, pebblesOf()), assign);
  });

  it('sends no right answer, correct flag or feedback with a pebble before it is answered', async () => {
    const first = await learner.pebble(id);
    expectNothingRevealed(first);
    // the option is shown (it is a choice), but nothing says it is the right one
    expect(first.minerals[0].properties.values?.map((v) => Object.keys(v).sort())).toEqual([
      ['id', 'value'],
      ['id', 'value'],
      ['id', 'value'],
    ]);
  });

  it('the trail result says which option is right only for pebbles answered', async () => {
    const { result, pebble } = await resultOf(id);
    expect(pebble('Colour').options.map((o) => o.correct)).toEqual([null, null, null]);
    expect(scan(result).keys.has('correct')).toBe(true);
    expect(JSON.stringify(result)).not.toContain('"correct":true');
    expect(pebble('Colour').feedback).toBeNull();
  });

  it('a wrong answer: red, the right answer and the feedback, nothing earned; the next pebble reveals nothing', async () => {
    const first = await learner.pebble(id);
    const res = await answer(first, [{ id: first.minerals[0].id, options: [optionId(first, 'Ochre')] }]);
    expect(res.passed).toBe(false);
    expect(res.check).toEqual({
      pebble_id: first.id,
      passed: false,
      feedback: 'Ultramarine was ground from lapis lazuli.',
      xp: 0,
      crowns: 0,
      right_answers: [
        { mineral_id: first.minerals[0].id, title: 'Costliest pigment', kind: 'set', values: [SECRET_OPTION] },
      ],
    });
    // the response's pebble is the next one (Island): its accepted value stays on the server
    expect(res.data.name).toBe('Island');
    expectNothingRevealed(res.data);
    // the result now marks the answered pebble's right option
    const { pebble } = await resultOf(id);
    expect(pebble('Colour').options.map((o) => [o.title, o.correct])).toEqual([
      [SECRET_OPTION, true],
      ['Ochre', false],
      ['Chalk', false],
    ]);
  });

  it('a right answer: green, the xp and the crown of the stage it completes, no right answer repeated', async () => {
    const island = await learner.pebble(id);
    expectNothingRevealed(island);
    const res = await answer(island, [{ id: island.minerals[0].id, value: ` ${SECRET_VALUE.toLowerCase()} ` }]);
    expect(res.check).toMatchObject({ pebble_id: island.id, passed: true, feedback: null, xp: 5, right_answers: [] });
    // stage Two is complete (its one pebble passed): its crown
    expect(res.check?.crowns).toBe(1);
    expect(res.data.progress.crowns).toBe(1);
  });

  it('has no check step on a pebble without a right answer (an opinion)', async () => {
    const opinion = await learner.pebble(id);
    expect(opinion.name).toBe('Opinion');
    const res = await answer(opinion, [{ id: opinion.minerals[0].id, value: 7 }]);
    expect(res.finished).toBe(true);
    expect(res.check).toBeNull();
  });

  it('answering again with a wrong text names the accepted value as the right answer', async () => {
    const island = (await learner.pebble(id)).navigator[1].id;
    const res = await learner.ok(island, [{ id: (await learner.pebble(id, island)).minerals[0].id, value: 'Java' }]);
    expect(res.check?.passed).toBe(false);
    expect(res.check?.right_answers).toEqual([
      expect.objectContaining({ kind: 'value', values: [SECRET_VALUE], title: 'Spice island' }),
    ]);
  });
});

describe('feedback modes', () => {
  it('end: no check step, and right/wrong and the feedback stay back until the trail is completed', async () => {
    const id = await importTest(t, pkg({ name: 'Certification' }, pebblesOf('end')), assign);
    const first = await learner.pebble(id);
    const res = await answer(first, [{ id: first.minerals[0].id, options: [optionId(first, 'Ochre')] }]);
    expect(res.check).toBeNull();
    expectNothingRevealed(res);
    const again = await learner.pebble(id, first.id);
    expect(again.answered).toBe(true);
    expect(again.passed).toBeNull();
    expect(again.feedback).toBeNull();
    // nor does the result say it before the end
    const before = (await resultOf(id)).pebble('Colour');
    expect(before).toMatchObject({ answered: true, passed: null, feedback: null });
    expect(before.options.every((o) => o.correct === null)).toBe(true);
    // completed: the result may now say it
    const island = await learner.pebble(id);
    await answer(island, [{ id: island.minerals[0].id, value: 'Java' }]);
    const opinion = await learner.pebble(id);
    expect((await answer(opinion, [{ id: opinion.minerals[0].id, value: 3 }])).finished).toBe(true);
    const after = await learner.pebble(id, first.id);
    expect(after.passed).toBe(false);
    expect(after.feedback).toContain('lapis lazuli');
    const done = (await resultOf(id)).pebble('Colour');
    expect(done).toMatchObject({ passed: false, feedback: expect.stringContaining('lapis lazuli') });
    expect(done.options.find((o) => o.title === SECRET_OPTION)?.correct).toBe(true);
  });

  it('none: an exam without a check step', async () => {
    const id = await importTest(t, pkg({ name: 'Quiet exam' }, pebblesOf('none')), assign);
    const first = await learner.pebble(id);
    const res = await answer(first, [{ id: first.minerals[0].id, options: [optionId(first, SECRET_OPTION)] }]);
    expect(res.passed).toBe(true);
    expect(res.check).toBeNull();
  });

  it('a survey has none by default; a survey may ask for immediate, and then only right-answer pebbles check', async () => {
    const survey = await importTest(t, pkg({ name: 'Pigment survey', type: 'survey' }, pebblesOf()), assign);
    let first = await learner.pebble(survey);
    expect((await answer(first, [{ id: first.minerals[0].id, options: [optionId(first, 'Chalk')] }])).check).toBeNull();
    const asked = await importTest(t, pkg({ name: 'Checked survey', type: 'survey' }, pebblesOf('immediate')), assign);
    first = await learner.pebble(asked);
    const res = await answer(first, [{ id: first.minerals[0].id, options: [optionId(first, 'Chalk')] }]);
    // a survey pebble passes on any valid answer (docs/scoring.md): the check says so, with nothing to correct
    expect(res.check).toMatchObject({ passed: true, right_answers: [], xp: 10 });
  });

  it('the package field: stored, exported, and a value outside immediate|end|none refused with its path', async () => {
    const id = await importTest(t, pkg({ name: 'Exported' }, pebblesOf('end')), assign);
    const [row] = await t.database.db.select().from(trails).where(eq(trails.id, id));
    expect(row.feedbackMode).toBe('end');
    expect((await exportTrail(t.database.db, id))?.feedback).toBe('end');
    const plain = await importTest(t, pkg({ name: 'Unset' }, pebblesOf()), assign);
    expect((await exportTrail(t.database.db, plain))?.feedback).toBeUndefined();
    const refused = await importTest(t, pkg({ name: 'Bad' }, pebblesOf('sometimes')), assign).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).problems.map((p) => p.path)).toEqual(['feedback']);
  });
});
