import type { AnswerForm, AnswerResponse, MineralAnswer, Pebble } from '@cairn/shared/api/trails';
import { uuidV7 } from '@cairn/shared/uuid-v7';
import {
  type DownloadedTrail,
  downloadedTrail,
  downloadedTrails,
  type PendingAnswer,
  pendingAnswers,
  queueAnswer,
  saveTrail,
} from './store';
import { currentOfflineUser } from './sync';

// Playing a downloaded trail without a network (docs/offline.md). The pebbles are the download's; what the learner
// answered since is the outbox's. The same rules as online decide what is shown: the first unanswered pebble, a
// pebble locked until the previous one is answered, an answer that cannot be changed stays. Nothing that needs the
// server is decided here: no pass or fail, no feedback, no end of the trail (the server finishes it when the
// answers arrive).

/** The trail's pebbles with the learner's pending answers laid over the downloaded state. */
export function playView(trail: DownloadedTrail, pending: PendingAnswer[]): Pebble[] {
  const local = new Map<number, MineralAnswer[]>();
  for (const p of pending) if (p.trailId === trail.trailId) local.set(p.pebbleId, p.form.answers);
  const pebbles = trail.content.pebbles;
  const answered = pebbles.map((p) => p.answered || local.has(p.id));
  const count = answered.filter(Boolean).length;
  return pebbles.map((p, i) => {
    const mine = local.get(p.id);
    const navigator = p.navigator.map((n, k) => ({ ...n, is_locked: k > 0 && !answered[k - 1], is_new: false }));
    return {
      ...p,
      answered: answered[i],
      // the verdict and the feedback are the server's: unknown until the answer is accepted
      passed: mine ? null : p.passed,
      feedback: mine ? null : p.feedback,
      minerals: mine
        ? p.minerals.map((m) => {
            const a = mine.find((x) => x.id === m.id);
            return { ...m, answer: a ? { id: m.id, options: a.options, value: a.value ?? null } : null };
          })
        : p.minerals,
      navigator,
      progress: {
        ...p.progress,
        answered: count,
        percent: pebbles.length ? Math.round((count * 100) / pebbles.length) : 0,
        status: count === 0 ? 'not_started' : 'in_progress',
        trail_passed: null,
      },
    } as Pebble;
  });
}

async function loadPlay(trailId: number): Promise<{ userId: number; pebbles: Pebble[] } | null> {
  const userId = currentOfflineUser();
  if (userId === null) return null;
  const trail = await downloadedTrail(userId, trailId);
  if (!trail) return null;
  return { userId, pebbles: playView(trail, await pendingAnswers(userId)) };
}

/** An offline refusal, shaped like the server's so the player treats it the same way. */
export class OfflineRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/** The current pebble of a downloaded trail (first unanswered, else the last), or the asked one if unlocked. */
export async function localPebble(trailId: number, pebbleId?: number): Promise<Pebble | null> {
  const play = await loadPlay(trailId);
  if (!play) return null;
  const { pebbles } = play;
  if (pebbleId !== undefined) {
    const at = pebbles.findIndex((p) => p.id === pebbleId);
    if (at < 0) throw new OfflineRefusal(404, 'not_found');
    if (pebbles[at].navigator[at]?.is_locked) throw new OfflineRefusal(423, 'pebble_locked');
    return pebbles[at];
  }
  return pebbles.find((p) => !p.answered) ?? pebbles[pebbles.length - 1];
}

/** The downloaded trail a pebble belongs to, for this user. */
async function trailOfPebble(userId: number, pebbleId: number, trails: DownloadedTrail[]) {
  return trails.find((t) => t.userId === userId && t.content.pebbles.some((p) => p.id === pebbleId));
}

/**
 * Answers a pebble of a downloaded trail into the outbox and returns what the player shows next, as the server's
 * answer would (never finished: the end of the trail is the server's to decide). Null: not a downloaded pebble.
 */
export async function localAnswer(
  pebbleId: number,
  form: AnswerForm & { client_id?: string },
): Promise<AnswerResponse | null> {
  const userId = currentOfflineUser();
  if (userId === null) return null;
  const trail = await trailOfPebble(userId, pebbleId, await downloadedTrails(userId));
  if (!trail) return null;
  const before = playView(trail, await pendingAnswers(userId));
  const at = before.findIndex((p) => p.id === pebbleId);
  const pebble = before[at];
  if (pebble.navigator[at]?.is_locked) throw new OfflineRefusal(423, 'pebble_locked');
  if (pebble.answered && !pebble.can_change_answer) throw new OfflineRefusal(409, 'answer_locked');
  const clientId = form.client_id ?? uuidV7();
  await queueAnswer({
    clientId,
    userId,
    trailId: trail.trailId,
    pebbleId,
    pebbleName: pebble.name,
    form: { ...form, client_id: clientId },
  });
  const after = playView(trail, await pendingAnswers(userId));
  const next = after.slice(at + 1).find((p) => !p.answered) ?? after[Math.min(at + 1, after.length - 1)];
  return { data: next, finished: false, passed: false, trail_passed: null, check: null };
}

/** Whether a request failed for want of a network (rather than being refused). */
export const isNetworkFailure = (err: unknown) =>
  err instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);

/**
 * An answer the server accepted online, laid over the downloaded trail at once (so a network lost right after it
 * still plays on from the right pebble); the caller then reads the download again for the server's verdicts.
 * Resolves with the trail's id when the pebble belongs to a download.
 */
export async function noteOnlineAnswer(pebbleId: number, form: AnswerForm): Promise<number | null> {
  const userId = currentOfflineUser();
  if (userId === null) return null;
  const trail = await trailOfPebble(userId, pebbleId, await downloadedTrails(userId));
  if (!trail) return null;
  const pebbles = trail.content.pebbles.map((p) =>
    p.id === pebbleId
      ? {
          ...p,
          answered: true,
          minerals: p.minerals.map((m) => {
            const a = form.answers.find((x) => x.id === m.id);
            return { ...m, answer: a ? { id: m.id, options: a.options, value: a.value ?? null } : m.answer };
          }),
        }
      : p,
  );
  await saveTrail({ ...trail, content: { ...trail.content, pebbles } });
  return trail.trailId;
}
