import 'fake-indexeddb/auto';
import type { Pebble } from '@cairn/shared/api/trails';
import { ANSWER_CLIENT_ID_PATTERN } from '@cairn/shared/api/trails';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { localAnswer, localPebble, OfflineRefusal } from '../local-player';
import { closeOfflineDb, offlineDb, pendingAnswers, refusedAnswers, saveTrail } from '../store';
import { setOfflineUser, syncOutbox } from '../sync';
import { isOfflineUpload, keepUpload } from '../uploads';

const USER = 7;
const TRAIL = 3;

/** A downloaded trail of `n` pebbles (ids 11, 12, …), nothing answered; pebble 12 does not allow changing its answer. */
function trailOf(n: number) {
  const ids = Array.from({ length: n }, (_, i) => 11 + i);
  const pebbles = ids.map(
    (id, i) =>
      ({
        id,
        name: `Step ${i + 1}`,
        type: 'exam',
        trail_id: TRAIL,
        minerals: [{ id: id * 10, type: 'text_input', properties: { title: 'Q', required: true }, answer: null }],
        feedback: null,
        progress: { answered: 0, passed: 0, total: n, percent: 0, status: 'not_started', trail_passed: null },
        can_change_answer: id !== 12,
        is_last: i === n - 1,
        answered: false,
        passed: null,
        navigator: ids.map((x, k) => ({ id: x, name: `Step ${k + 1}`, is_locked: k > 0, is_new: true })),
      }) as unknown as Pebble,
  );
  return { userId: USER, trailId: TRAIL, content: { trail_id: TRAIL, pebbles, files: [] }, bytes: 1000, savedAt: 0 };
}

const text = (pebbleId: number, value: string) => ({
  answers: [{ id: pebbleId * 10, value }],
  action: 'next' as const,
});

/** The server as the outbox meets it: each POST answered by the next of `replies` (a Response, or a thrown error). */
function serverReplies(replies: (Response | Error)[]) {
  const bodies: { url: string; body: { client_id: string } }[] = [];
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) => {
    bodies.push({ url, body: JSON.parse(String(init?.body)) });
    const next = replies.shift();
    if (!next) throw new TypeError('no network');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchStub);
  return bodies;
}
const ok = () =>
  new Response(JSON.stringify({ data: {}, finished: false, passed: true, trail_passed: null }), { status: 200 });
const refused = (status: number, code: string) =>
  new Response(JSON.stringify({ message: `refused: ${code}`, code }), { status });

beforeEach(async () => {
  session.save({
    token_type: 'Bearer',
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    refresh_expires_in: 7200,
  } as never);
  localStorage.setItem('cairn-offline-user', String(USER));
  await saveTrail(trailOf(3));
});

afterEach(async () => {
  const db = await offlineDb();
  await Promise.all([db.clear('outbox'), db.clear('refused'), db.clear('trails'), db.clear('uploads')]);
  session.end('logout');
});

describe('playing a downloaded trail offline', () => {
  it('follows the online rules: the first unanswered pebble, locks until the previous one is answered', async () => {
    const first = await localPebble(TRAIL);
    expect(first?.id).toBe(11);
    await expect(localPebble(TRAIL, 12)).rejects.toEqual(new OfflineRefusal(423, 'pebble_locked'));

    const res = await localAnswer(11, text(11, 'Paris'));
    expect(res?.data.id).toBe(12);
    expect(res?.finished).toBe(false);
    expect(res?.data.navigator.map((n) => n.is_locked)).toEqual([false, false, true]);
    expect(res?.data.progress.answered).toBe(1);
    // the answered pebble shows the learner's answer, with no verdict until the server decides
    const again = await localPebble(TRAIL, 11);
    expect(again?.minerals[0].answer?.value).toBe('Paris');
    expect(again?.passed).toBeNull();
  });

  it('refuses to change an answer the pebble does not let change; never finishes the trail itself', async () => {
    await localAnswer(11, text(11, 'a'));
    await localAnswer(12, text(12, 'b'));
    await expect(localAnswer(12, text(12, 'c'))).rejects.toEqual(new OfflineRefusal(409, 'answer_locked'));
    const last = await localAnswer(13, text(13, 'c'));
    expect(last?.finished).toBe(false);
    expect(last?.data.id).toBe(13);
    expect(await pendingAnswers(USER)).toHaveLength(3);
  });

  it('a pebble of a trail that was not downloaded is not answered offline', async () => {
    expect(await localAnswer(999, text(999, 'x'))).toBeNull();
    expect(await localPebble(42)).toBeNull();
  });
});

describe('the outbox', () => {
  it('survives the tab: reopened, the pending answers are there in the order they were made', async () => {
    for (const [id, v] of [
      [11, 'a'],
      [12, 'b'],
      [13, 'c'],
    ] as const)
      await localAnswer(id, text(id, v));
    await closeOfflineDb();
    const pending = await pendingAnswers(USER);
    expect(pending.map((p) => p.pebbleId)).toEqual([11, 12, 13]);
    for (const p of pending) expect(p.form.client_id).toMatch(ANSWER_CLIENT_ID_PATTERN);
    // another user's outbox is not this one
    expect(await pendingAnswers(USER + 1)).toEqual([]);
  });

  it('sends in order, stops without a network and resumes with the same ids; refusals are kept with the reason', async () => {
    for (const id of [11, 12, 13]) await localAnswer(id, text(id, `v${id}`));
    const ids = (await pendingAnswers(USER)).map((p) => p.clientId);

    // the first is accepted, then the network drops
    let sent = serverReplies([ok(), new TypeError('Failed to fetch')]);
    expect(await syncOutbox()).toBe(1);
    expect(sent.map((s) => s.url)).toEqual(['/api/pebbles/11', '/api/pebbles/12']);
    expect((await pendingAnswers(USER)).map((p) => p.clientId)).toEqual(ids.slice(1));

    // back: the second is sent again with its id (the server may have it: it answers the first outcome), the
    // third is refused (the coach reset the trail meanwhile)
    sent = serverReplies([ok(), refused(409, 'answer_reset')]);
    expect(await syncOutbox()).toBe(2);
    expect(sent.map((s) => s.body.client_id)).toEqual(ids.slice(1));
    expect(await pendingAnswers(USER)).toEqual([]);
    const kept = await refusedAnswers(USER);
    expect(kept.map((r) => [r.pebbleName, r.code])).toEqual([['Step 3', 'answer_reset']]);
  });

  it('a server that is down (503) or busy (429) refuses nothing: the answers wait', async () => {
    await localAnswer(11, text(11, 'a'));
    serverReplies([refused(503, 'service_unavailable')]);
    expect(await syncOutbox()).toBe(0);
    serverReplies([refused(429, 'rate_limited')]);
    expect(await syncOutbox()).toBe(0);
    expect(await pendingAnswers(USER)).toHaveLength(1);
    expect(await refusedAnswers(USER)).toEqual([]);
  });

  it('signed out, nothing is sent and nothing is lost; signing in again sends it', async () => {
    await localAnswer(11, text(11, 'a'));
    session.end('expired');
    const none = serverReplies([]);
    expect(await syncOutbox()).toBe(0);
    expect(none).toEqual([]);
    session.save({
      token_type: 'Bearer',
      access_token: 'b',
      refresh_token: 'r2',
      expires_in: 3600,
      refresh_expires_in: 7200,
    } as never);
    const sent = serverReplies([ok()]);
    setOfflineUser(USER);
    await syncOutbox();
    expect(sent).toHaveLength(1);
    expect(await pendingAnswers(USER)).toEqual([]);
  });
});

/** POST /media as the outbox meets it: answers with `id`, refuses with `status`, or fails as a lost network does. */
function mediaServer(reply: { id: number } | { status: number } | 'offline') {
  const sent: { url: string; file: File | null }[] = [];
  class Xhr {
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    url = '';
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push({ url: this.url, file: body.get('file') as File | null });
      queueMicrotask(() => {
        if (reply === 'offline') return this.onerror?.();
        if ('status' in reply) {
          this.status = reply.status;
          this.responseText = JSON.stringify({ message: 'Unsupported file', code: 'unsupported_media_type' });
          return this.onload?.();
        }
        this.status = 200;
        this.responseText = JSON.stringify({ id: reply.id, url: `/files/${reply.id}.png`, mimetype: 'image/png' });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

describe('an upload answered offline', () => {
  it('keeps the file on the device, uploads it before its answer and sends the media id, once', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'answer.png', { type: 'image/png' });
    const value = await keepUpload(file);
    expect(isOfflineUpload(value)).toBe(true);
    await localAnswer(11, text(11, value));

    // no network for the upload: nothing is posted, the answer and its file wait
    let uploads = mediaServer('offline');
    let posts = serverReplies([]);
    expect(await syncOutbox()).toBe(0);
    expect(uploads).toHaveLength(1);
    expect(posts).toEqual([]);
    expect((await pendingAnswers(USER))[0].form.answers[0].value).toBe(value);

    // back: uploaded, then the answer goes with the media id; the kept file is gone
    uploads = mediaServer({ id: 55 });
    posts = serverReplies([ok()]);
    expect(await syncOutbox()).toBe(1);
    expect(uploads.map((u) => [u.url, u.file?.name])).toEqual([['/media?mineral_type=text_input', 'answer.png']]);
    expect(posts.map((p) => (p.body as unknown as { answers: { value: unknown }[] }).answers[0].value)).toEqual([55]);
    expect(await pendingAnswers(USER)).toEqual([]);
    expect(await (await offlineDb()).count('uploads')).toBe(0);
  });

  it('an answer whose file was uploaded but not yet accepted is sent again without uploading again', async () => {
    const value = await keepUpload(new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    await localAnswer(11, text(11, value));
    const uploads = mediaServer({ id: 56 });
    serverReplies([new TypeError('Failed to fetch')]);
    expect(await syncOutbox()).toBe(0);
    const posts = serverReplies([ok()]);
    expect(await syncOutbox()).toBe(1);
    expect(uploads).toHaveLength(1);
    expect(posts.map((p) => (p.body as unknown as { answers: { value: unknown }[] }).answers[0].value)).toEqual([56]);
  });

  it('a file the server refuses refuses its answer, listed with the reason, and is not kept on the device', async () => {
    const value = await keepUpload(new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    await localAnswer(11, text(11, value));
    const uploads = mediaServer({ status: 415 });
    const posts = serverReplies([]);
    expect(await syncOutbox()).toBe(1);
    expect(uploads).toHaveLength(1);
    expect(posts).toEqual([]);
    expect(await pendingAnswers(USER)).toEqual([]);
    expect((await refusedAnswers(USER)).map((r) => r.status)).toEqual([415]);
    expect(await (await offlineDb()).count('uploads')).toBe(0);
  });
});
