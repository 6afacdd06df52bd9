import fs from 'node:fs/promises';
import path from 'node:path';
import type { Reward, TrailResult } from '@cairn/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, userCertificates, userRewards } from '../../db/schema';
import { customerIdOf, importTest, optionId, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { extractPdfText, normaliseForCompare } from '../../test/pdf-text';
import { readableDate } from './results.rules';

// two stages, 10 xp each; pass mark 50 %; rewards on a stage, on xp and on completion; certificate when passed
const EXAM = `format: cairn-trail/1
name: Results exam
type: exam
tries: 2
pass_percent: 50
rewards:
  - { key: stage-a, title: Stage A done, unlock: { on: stage_completed, value: A } }
  - { key: xp-20, title: Twenty, experience: 5, unlock: { on: xp_at_least, value: 20 } }
  - { key: done, title: Finisher, unlock: { on: trail_completed } }
certificate: { title: Results certificate, when: passed }
pebbles:
  - name: Q1
    stage: A
    xp: 10
    minerals:
      - type: sa_text
        title: One plus one?
        values: [ '1', { value: '2', correct: true } ]
  - name: Q2
    stage: B
    xp: 10
    minerals:
      - type: sa_text
        title: Two plus two?
        values: [ '3', { value: '4', correct: true } ]
`;

let t: TestApp;
let trailId: number;
let learner: { token: string; id: number };
let rival: { token: string; id: number };
let coach: { token: string; id: number };
let other: { token: string; id: number };

async function signIn(email: string, password: string) {
  const { access_token } = await login(t.app, email, password);
  const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) });
  return { token: access_token, id: res.json().data.id as number };
}

/** Answers the current pebble (the first unanswered, or the last when all are), which must be `name`. */
async function answerQ(token: string, name: 'Q1' | 'Q2', value: string) {
  const p = player(t, token);
  const peb = await p.pebble(trailId);
  expect(peb.name).toBe(name);
  return p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, value)] }]);
}

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  trailId = await importTest(t, EXAM, {
    assign: ['learner@example.com', 'rival@example.com', 'coach@example.com'],
  });
  learner = await signIn('learner@example.com', 'learner123');
  rival = await signIn('rival@example.com', 'rival123');
  coach = await signIn('coach@example.com', 'coach123');
  other = await signIn('other@example.com', 'other123');
});
afterAll(async () => {
  await t.close();
});

describe('unlock rules', () => {
  it('issues the stage reward after the stage, the xp and completion rewards and the certificate at the end, once', async () => {
    await answerQ(learner.token, 'Q1', '2');
    let rewards = (await get(learner.token, '/api/rewards/user')).json().data as Reward[];
    expect(rewards.map((r) => r.title)).toEqual(['Stage A done']);
    expect(rewards[0]).toMatchObject({ first_time: true, latest: true });

    await answerQ(learner.token, 'Q2', '4');
    rewards = (await get(learner.token, '/api/rewards/user')).json().data;
    expect(rewards.map((r) => r.title).sort()).toEqual(['Finisher', 'Stage A done', 'Twenty']);
    expect(rewards.filter((r) => r.first_time).map((r) => r.title)).toEqual(['Stage A done']);
    expect(rewards.filter((r) => r.latest)).toHaveLength(1);
    expect(rewards[0].latest).toBe(true);
    expect(rewards.find((r) => r.title === 'Twenty')?.experience).toBe(5);
    // the dates as stored, in UTC: ISO 8601 with milliseconds, and 'MMMM D, YYYY'
    const stored = await t.database.db.select().from(userRewards).where(eq(userRewards.userId, learner.id));
    for (const r of rewards) {
      const achieved = stored.find((s) => s.id === r.id)!.achievedAt;
      expect([r.created_at, r.readable_achieved_at]).toEqual([achieved.toISOString(), readableDate(achieved)]);
    }

    const certs = await t.database.db
      .select()
      .from(userCertificates)
      .where(and(eq(userCertificates.userId, learner.id), eq(userCertificates.trailId, trailId)));
    expect(certs.map((c) => c.title)).toEqual(['Results certificate']);

    // the certificate is announced by its job, with its PDF already rendered (§3 certificate notification)
    await t.app.jobs.drain();
    const events = await t.database.db.select().from(notifications).where(eq(notifications.userId, learner.id));
    expect(events.map((e) => e.event).sort()).toEqual(['NOTIFY_CERTIFICATE', 'NOTIFY_REWARD', 'NOTIFY_REWARD']);
    const announced = events.find((e) => e.event === 'NOTIFY_CERTIFICATE')!.data as Record<string, unknown>;
    expect(announced).toMatchObject({ name: 'Results certificate', certificates: [certs[0].id], trail_id: trailId });
    // stored unsigned; the notification list signs it for its reader (private files, docs/security.md)
    expect(announced.pdf).toMatch(/^\/files\/pdfs\/.+\.pdf$/);
    // `file` is an image of the certificate (§3): its page as a PNG
    expect(announced.file).toMatch(/^\/files\/pdfs\/certificates\/.+\.png$/);
    expect((await t.app.inject({ url: announced.pdf as string })).statusCode).toBe(403);
    const listed = (await get(learner.token, '/api/notificationsAll/1')).json().data as {
      event: string;
      data: Record<string, string>;
    }[];
    const signed = listed.find((n) => n.event === 'NOTIFY_CERTIFICATE')!.data;
    expect(signed.pdf).toMatch(/^\/files\/pdfs\/.+\.pdf\?exp=\d+&sig=/);
    const pdf = await t.app.inject({ url: signed.pdf });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // a second run announces nothing again
    const { notifyCertificates } = await import('../certificates/certificates.service');
    expect(await notifyCertificates(t.app)).toBe(0);

    // changing an answer does not issue anything twice
    await answerQ(learner.token, 'Q2', '4');
    const count = await t.database.db.select().from(userRewards).where(eq(userRewards.userId, learner.id));
    expect(count).toHaveLength(3);
  });

  it('gives no certificate and no xp reward when the exam is failed', async () => {
    await answerQ(rival.token, 'Q1', '1');
    await answerQ(rival.token, 'Q2', '3');
    const rewards = (await get(rival.token, '/api/rewards/user')).json().data as Reward[];
    expect(rewards.map((r) => r.title)).toEqual(['Finisher']);
    const certs = await t.database.db.select().from(userCertificates).where(eq(userCertificates.userId, rival.id));
    expect(certs).toEqual([]);
  });

  it("filters rewards by ids and never shows another user's", async () => {
    const mine = (await get(learner.token, '/api/rewards/user')).json().data as Reward[];
    const theirs = (await get(rival.token, '/api/rewards/user')).json().data as Reward[];
    const res = await get(learner.token, `/api/rewards/user/${mine[0].id},${theirs[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: Reward) => r.id)).toEqual([mine[0].id]);
    expect((await get(learner.token, '/api/rewards/user/abc')).statusCode).toBe(422);
    const preview = (await get(learner.token, '/api/rewards/test')).json().data as Reward[];
    expect(preview.map((r) => r.title)).toContain('Twenty');
    // not earned: says how to earn it, and is neither the first nor the latest
    const twenty = preview.find((r) => r.title === 'Twenty');
    expect(twenty?.preview).toMatchObject({ trail: expect.any(String), on: 'xp_at_least', value: 20 });
    expect(preview.some((r) => r.first_time || r.latest)).toBe(false);
  });
});

describe('trail result', () => {
  it('summarises the attempt with markers, pebbles, options and marks', async () => {
    const res = await get(learner.token, `/api/results/users/${learner.id}/${trailId}`);
    expect(res.statusCode).toBe(200);
    const r = res.json().data as TrailResult;
    expect(r.summary.status).toEqual({ status: 'passed', score: 2, total: 2 });
    expect(r.summary.points).toEqual({ score: 20, total: 20 });
    expect(r.summary.crowns).toEqual({ score: 2, total: 2 });
    expect(r.summary.rewards).toEqual({ score: 3, total: 3 });
    expect(r.summary.tries).toEqual({ score: 1, total: 2 });
    expect(r.trail.can_reset).toBe(true);
    expect(r.markers.map((m) => m.marker_name)).toEqual(['A', 'B']);
    const q1 = r.markers[0].pebbles[0];
    expect(q1).toMatchObject({ name: 'Q1', answered: true, passed: true, points: 10, property: 'One plus one?' });
    expect(q1.options.map((o) => [o.label, o.title, o.selected, o.correct])).toEqual([
      ['A', '1', false, false],
      ['B', '2', true, true],
    ]);
    expect(r.certificates).toHaveLength(1);
  });

  it("lets a coach of the same customer read a learner's result; refuses other learners and customers", async () => {
    expect((await get(coach.token, `/api/results/users/${learner.id}/${trailId}`)).statusCode).toBe(200);
    expect((await get(rival.token, `/api/results/users/${learner.id}/${trailId}`)).statusCode).toBe(403);
    expect((await get(other.token, `/api/results/users/${learner.id}/${trailId}`)).statusCode).toBe(404);
    expect((await get(rival.token, `/api/results/${trailId}/pdf/${learner.id}`)).statusCode).toBe(403);
    expect((await get(other.token, `/api/results/${trailId}/pdf/${learner.id}`)).statusCode).toBe(404);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${learner.id}/reset/trail`,
      headers: bearer(rival.token),
      payload: { trails_ids: [trailId] },
    });
    expect(reset.statusCode).toBe(403);
    expect((await get(learner.token, '/api/results/users/999999/1')).statusCode).toBe(404);
    expect((await get(learner.token, `/api/results/users/${learner.id}/999999`)).statusCode).toBe(404);
  });

  it('shows assessment dimensions', async () => {
    const acme = await customerIdOf(t, 'Acme');
    const id = await importTest(
      t,
      `format: cairn-trail/1
name: Dims
type: assessment
dimensions: [ { key: focus, name: Focus }, { key: energy, name: Energy } ]
pebbles:
  - name: P
    minerals:
      - type: sa_text
        title: Pick
        values: [ { value: Calm, scores: { focus: 3 } }, { value: Loud, scores: { energy: 2 } } ]
`,
      { customerId: acme, assign: ['learner@example.com'] },
    );
    const p = player(t, learner.token);
    const peb = await p.pebble(id);
    await p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, 'Calm')] }]);
    const r = (await get(learner.token, `/api/results/users/${learner.id}/${id}`)).json().data as TrailResult;
    expect(r.player?.dimensions).toEqual([
      { id: 'focus', name: 'Focus', score: 3, total: 3 },
      { id: 'energy', name: 'Energy', score: 0, total: 2 },
    ]);
  });
});

describe('PDFs', () => {
  it('queues the results PDF, stores it, emits NOTIFY_RESULTS_PDF and notifies; then answers with its URL', async () => {
    const emit = vi.spyOn(t.app.realtime, 'emitToUser');
    const first = await get(learner.token, `/api/results/${trailId}/pdf/${learner.id}`);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'success', message: 'generate_pdf_submitted' });
    await t.app.jobs.drain();
    const second = await get(learner.token, `/api/results/${trailId}/pdf/${learner.id}`);
    expect(second.statusCode).toBe(200);
    // the learner's results are private: a signed URL, the same in the answer, the event and the result
    const url = second.json().pdf as string;
    expect(url).toMatch(/^\/files\/pdfs\/results\/.+\.pdf\?exp=\d+&sig=[\w-]+$/);
    const stored = url.split('?')[0];
    // (signatures made at different moments may differ in their quarter-hour expiry: compare the files)
    const unsigned = (u: unknown) => String(u).split('?')[0];
    const emitted = emit.mock.calls.find((c) => c[1] === 'NOTIFY_RESULTS_PDF');
    if (!emitted) throw new Error('NOTIFY_RESULTS_PDF was not emitted');
    const [emittedTo, , payload] = emitted as unknown as [number, string, { trail_id: number; pdf: string }];
    expect(emittedTo).toBe(learner.id);
    expect(payload.trail_id).toBe(trailId);
    expect(unsigned(payload.pdf)).toBe(stored);
    expect(payload.pdf).toMatch(/\?exp=\d+&sig=/);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.event, 'NOTIFY_RESULTS_PDF'));
    expect(rows.map((n) => n.data)).toEqual([{ trail: 'Results exam', trail_id: trailId, pdf: stored }]);
    const result = (await get(learner.token, `/api/results/users/${learner.id}/${trailId}`)).json().data as TrailResult;
    expect(unsigned(result.trail.pdf)).toBe(stored);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: stored })).statusCode).toBe(403);

    const file = await fs.readFile(path.join(t.config.filesDir, stored.replace(/^\/files\//, '')));
    const text = normaliseForCompare(await extractPdfText(file));
    expect(text).toContain(normaliseForCompare('Results: Results exam'));
    expect(text).toContain(normaliseForCompare('One plus one?'));
    emit.mockRestore();
  });

  it('renders the certificate in the learner language (Thai) with name, trail and date', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: bearer(learner.token),
      payload: { language: 'th', firstname: 'สมชาย', lastname: 'ใจดี' },
    });
    const [cert] = await t.database.db.select().from(userCertificates).where(eq(userCertificates.userId, learner.id));
    // its job rendered it in English when it was issued; one not rendered yet (its job still queued) renders on
    // the first read, in the learner's language of the moment
    await t.database.db.update(userCertificates).set({ pdfUrl: null }).where(eq(userCertificates.id, cert.id));
    const res = await get(learner.token, `/api/certificates/user/${cert.id}`);
    expect(res.statusCode).toBe(200);
    const [c] = res.json().data;
    expect(c).toMatchObject({ id: cert.id, name: 'Results certificate', trail: { id: trailId, name: 'Results exam' } });
    const file = await fs.readFile(path.join(t.config.filesDir, c.pdf.split('?')[0].replace(/^\/files\//, '')));
    const text = normaliseForCompare(await extractPdfText(file));
    for (const want of ['ใบรับรอง', 'สมชาย ใจดี', 'ได้สำเร็จหลักสูตร', 'Results exam', 'Results certificate']) {
      expect(text).toContain(normaliseForCompare(want));
    }
    // rendered once
    const again = (await get(learner.token, `/api/certificates/user/${cert.id}`)).json().data[0].pdf as string;
    expect(again.split('?')[0]).toBe(c.pdf.split('?')[0]);
    expect((await get(coach.token, `/api/certificates/user/${cert.id}`)).statusCode).toBe(200);
    expect((await get(rival.token, `/api/certificates/user/${cert.id}`)).statusCode).toBe(403);
    expect((await get(other.token, `/api/certificates/user/${cert.id}`)).statusCode).toBe(404);
  });
});

describe('reset', () => {
  it('a coach resets a learner without spending a try; the PDF of the old attempt goes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${learner.id}/reset/trail`,
      headers: bearer(coach.token),
      payload: { trails_ids: [trailId] },
    });
    expect(res.statusCode).toBe(200);
    const r = (await get(learner.token, `/api/results/users/${learner.id}/${trailId}`)).json().data as TrailResult;
    expect(r.summary.status.status).toBe('not_started');
    expect(r.summary.tries.score).toBe(1);
    expect(r.trail.pdf).toBeNull();
    // rewards and certificates are kept
    expect(r.summary.rewards.score).toBe(3);
  });

  it('the learner resets their own trail and spends a try', async () => {
    await answerQ(learner.token, 'Q1', '2');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${learner.id}/reset/trail`,
      headers: bearer(learner.token),
      payload: { trails_ids: [trailId] },
    });
    expect(res.statusCode).toBe(200);
    const r = (await get(learner.token, `/api/results/users/${learner.id}/${trailId}`)).json().data as TrailResult;
    expect(r.summary.tries.score).toBe(2);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/users/${learner.id}/reset/trail`,
      headers: bearer(learner.token),
      payload: { trails_ids: [] },
    });
    expect(bad.statusCode).toBe(422);
  });
});
