import type { TrailResult } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../lib/pdf/pdf.renderer';
import { importTest, optionId, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { extractPdfText, normaliseForCompare } from '../../test/pdf-text';
import { resultsSpec } from './results.pdf';
import { loadLearner } from './results.repo';
import { buildResult } from './results.service';

// a pebble's feedback (§3 Pebble) explains its answer: the result panel and the results PDF show it once answered
const TRAIL = `format: cairn-trail/1
name: Feedback trail
type: exam
pebbles:
  - name: F1
    feedback: Two is the only even prime.
    minerals:
      - type: sa_text
        title: Which prime is even?
        values: [ '3', { value: '2', correct: true } ]
  - name: F2
    feedback: Water boils at 100 degrees at sea level.
    minerals:
      - type: sa_text
        title: When does water boil?
        values: [ { value: '100', correct: true }, '90' ]
  - name: F3
    minerals:
      - type: sa_text
        title: No feedback here
        values: [ { value: 'a', correct: true }, 'b' ]
`;

let t: TestApp;
let trailId: number;
let learner: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  trailId = await importTest(t, TRAIL, { assign: ['learner@example.com'] });
  const { access_token } = await login(t.app, 'learner@example.com', 'learner123');
  const me = await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) });
  learner = { token: access_token, id: me.json().data.id };
});
afterAll(async () => {
  await t.close();
});

describe('pebble feedback in results', () => {
  it('is in the trail result of each answered pebble that has it, and in the results PDF', async () => {
    const p = player(t, learner.token);
    const peb = await p.pebble(trailId);
    expect(peb.name).toBe('F1');
    await p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, '3')] }]);

    const res = await t.app.inject({
      url: `/api/results/users/${learner.id}/${trailId}`,
      headers: bearer(learner.token),
    });
    expect(res.statusCode).toBe(200);
    const r = res.json().data as TrailResult;
    const byName = new Map(r.markers.flatMap((m) => m.pebbles).map((x) => [x.name, x]));
    expect(byName.get('F1')).toMatchObject({ answered: true, feedback: 'Two is the only even prime.' });
    // not answered yet: its feedback would give the answer away
    expect(byName.get('F2')).toMatchObject({ answered: false, feedback: null });
    expect(byName.get('F3')?.feedback).toBeNull();

    const learnerRow = (await loadLearner(t.database.db, learner.id))!;
    const result = await buildResult(t.database.db, learnerRow, trailId);
    const text = normaliseForCompare(await extractPdfText(await renderPdf(resultsSpec(result, 'en', new Date()))));
    expect(text).toContain(normaliseForCompare('Feedback: Two is the only even prime.'));
    expect(text).not.toContain(normaliseForCompare('Water boils'));
  });
});
