import { type AnswerForm, type AnswerResponse, type Pebble, type TrailType, UPLOAD_MEDIA_KIND } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pebbles } from '../../db/schema';
import { type Actor, isPublicActor } from '../../lib/actor';
import { utcDay } from '../../lib/days';
import { HttpError, notFound, validationError } from '../../lib/http-error';
import { getBattle, recordBattleAnswer } from '../battles/battles.service';
import { createNotification, NOTIFY_RBO } from '../notifications/notifications.service';
import { loadPebbleFacts, type PebbleFacts, requestRatings, summarise } from '../ratings/ratings.repo';
import { unlocksDue } from '../results/results.unlock';
import { computeProgress, isLocked } from '../trails/progress';
import { answerLocked, hasStarted, pebbleLocked, trailNotStarted } from '../trails/trails.errors';
import { answerBatcher } from './answers.batch';
import { type CheckedAnswer, checkAnswers, type PendingMedia } from './answers.check';
import { answerCheck } from './answers.feedback';
import { type AnswerWrite, statesFingerprint, storeAnswer } from './answers.store';
import { forgetLearnerView, heldLearnerView, holdLearnerView } from './learner-view.cache';
import { type AnswerLike, presentPebble } from './player.presenter';
import { loadAnswerContext, loadCurrentPebble } from './player.repo';
import type { AnswerContext, PebbleDetail, PebbleView } from './player.types';
import { shareAnswers } from './polls.service';
import { pebblePassed } from './scoring';
import { heldDetail, heldNextDetail } from './trail-content.cache';

/** A pebble for the player (its ratings and players-answered count only where it shows them). */
async function present(
  db: Db,
  actor: Actor,
  view: PebbleView,
  detail: PebbleDetail,
  answers: AnswerLike[],
  /** the facts when the caller's statement read them already (rated and poll pebbles) */
  known: PebbleFacts | null = null,
): Promise<Pebble> {
  const pebble = presentPebble(view, detail, answers, actor.userId);
  pebble.is_rbo = detail.pebble.isRbo;
  pebble.rbo_scale = detail.pebble.rboScale as 'stars' | 'emojis';
  // ratings and the players-answered count cost a query: only rated and shared (poll) pebbles show them
  if (detail.pebble.isRbo || pebble.poll_pool_id) {
    const facts = known ?? (await loadPebbleFacts(db, detail.pebble.id, actor.userId, actor.customerId));
    pebble.poll_answers = facts.answered;
    pebble.rbo_results = detail.pebble.isRbo && pebble.answered ? summarise(facts.ratings) : null;
  } else {
    pebble.poll_answers = null;
    pebble.rbo_results = null;
  }
  // §3 share_answers when sharing is on (a shared mineral) and the viewer has answered: who answered and how, as
  // the poll shows it (before answering, the others' answers would sway the viewer's; docs/player.md)
  pebble.share_answers =
    pebble.poll_pool_id && pebble.answered ? await shareAnswers(db, actor, pebble.poll_pool_id) : null;
  return pebble;
}

/**
 * GET /api/pebbles/{trailId}[?pebble=id]: the current pebble (first unanswered, else the last), or the asked one if
 * unlocked, in one statement that also chooses it by these rules and marks it opened (loadCurrentPebble); the
 * refusals are decided here on the view it read, and then it opened nothing.
 */
export async function currentPebble(db: Db, actor: Actor, trailId: number, pebbleId?: number): Promise<Pebble> {
  const today = utcDay();
  const current = await loadCurrentPebble(db, actor, trailId, pebbleId ?? null, today);
  const view = current?.view;
  if (!view || view.pebbles.length === 0) throw notFound('Trail not found');
  if (!hasStarted(view.startsOn, today)) throw trailNotStarted(view.startsOn!);
  if (pebbleId !== undefined) {
    const index = view.pebbles.findIndex((p) => p.id === pebbleId);
    if (index < 0) throw notFound('Pebble not found');
    if (isLocked(index, view.pebbles, view.states)) throw pebbleLocked();
  }
  const { detail } = current;
  if (!detail) throw new Error(`pebbles/${trailId}: the statement chose no pebble where the rules allow one`);
  // the pebble is opened: no longer new
  if (!view.states.has(detail.pebble.id))
    view.states.set(detail.pebble.id, { pebbleId: detail.pebble.id, answeredAt: null, passed: null });
  return present(db, actor, view, detail, current.answers, current.facts);
}

/** Upload answers must name a live media row of the actor (`live`: the loaded ones), of the mineral's kind. */
function checkMedia(live: { id: number; kind: string }[], pending: PendingMedia[]) {
  const failures: Record<string, { rule: 'oneOf' | 'mimes'; params: Record<string, string> }> = {};
  const answers: CheckedAnswer[] = [];
  for (const p of pending) {
    const row = live.find((r) => r.id === p.mediaId);
    const want = UPLOAD_MEDIA_KIND[p.type];
    if (!row) failures[p.field] = { rule: 'oneOf', params: {} };
    else if (want && row.kind !== want) failures[p.field] = { rule: 'mimes', params: { types: want } };
    else answers.push({ mineralId: p.mineralId, options: null, value: null, mediaId: row.id });
  }
  return { failures, answers };
}

/** Every value of the form that could name a media row (upload answers are checked against the loaded rows). */
function mediaIdsOf(form: AnswerForm): number[] {
  const ids = new Set<number>();
  for (const a of form.answers) {
    const v = typeof a.value === 'string' ? a.value.trim() : a.value;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
    if (Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647) ids.add(n);
  }
  return [...ids];
}

/**
 * The answer's context from what the process holds, without a statement: the learner's view of the trail after
 * their last answer here (learner-view.cache) and the answered and next pebbles' content (trail-content.cache). Only
 * for answers that name no upload (those are checked against the learner's media rows). The store's guard checks
 * that the view still holds; when it does not, or when the view would refuse the answer, it is forgotten and the
 * answer decided again on a loaded context.
 */
function heldContext(db: Db, actor: Actor, pebbleId: number, mediaIds: number[]): AnswerContext | null {
  if (mediaIds.length > 0) return null;
  const detail = heldDetail(db, pebbleId);
  const next = detail && heldNextDetail(db, detail);
  const view = next && heldLearnerView(db, actor.userId, detail.pebble.trailId);
  return view ? { view, detail, next, media: [] } : null;
}

/** The held view was stale: forgotten, and the answer is decided again (null) on a loaded context. */
function forget(db: Db, actor: Actor, trailId: number): null {
  forgetLearnerView(db, actor.userId, trailId);
  return null;
}

/** Why the view refuses an answer to `pebbleId`, if it does: the trail not started, the pebble locked or its answer. */
function refusalOf(view: AnswerContext['view'], pebbleId: number, canChange: boolean): HttpError | null {
  if (!hasStarted(view.startsOn)) return trailNotStarted(view.startsOn!);
  const index = view.pebbles.findIndex((p) => p.id === pebbleId);
  if (isLocked(index, view.pebbles, view.states)) return pebbleLocked();
  if (!canChange && view.states.get(pebbleId)?.answeredAt) return answerLocked();
  return null;
}

/** How often an answer is decided again when the learner's states changed under it (another tab answering). */
const ATTEMPTS = 10;

/**
 * POST /api/pebbles/{pebbleId}, as one command: load everything the answer needs in one statement, check and
 * score it in code (docs/scoring.md), store and score it in one statement, present the next pebble. Battle
 * answers and the first answer to a rated pebble add their writes in the same transaction.
 */
export async function answerPebble(
  db: Db,
  actor: Actor,
  pebbleId: number,
  form: AnswerForm,
  /** after commit, when the answer issued certificates (the route has their job announce them) */
  onCertificates?: (ids: number[]) => Promise<void>,
): Promise<AnswerResponse> {
  for (let attempt = 1; ; attempt++) {
    const result = await tryAnswer(db, actor, pebbleId, form);
    if (result) {
      if (result.certificateIds.length > 0) await onCertificates?.(result.certificateIds);
      return result.response;
    }
    // the learner's states or tries changed between the load and the store (nothing was written): decide again
    if (attempt >= ATTEMPTS) throw new HttpError(409, 'answer_conflict', 'The trail changed meanwhile; try again');
  }
}

async function tryAnswer(
  db: Db,
  actor: Actor,
  pebbleId: number,
  form: AnswerForm,
): Promise<{ response: AnswerResponse; certificateIds: number[] } | null> {
  const mediaIds = mediaIdsOf(form);
  const held = heldContext(db, actor, pebbleId, mediaIds);
  const ctx = held ?? (await loadAnswerContext(db, actor, pebbleId, mediaIds));
  if (!ctx) {
    // the distinction of the two 404s costs a query only on the refusal
    const [owner] = await db.select({ trailId: pebbles.trailId }).from(pebbles).where(eq(pebbles.id, pebbleId));
    throw notFound(owner ? 'Trail not found' : 'Pebble not found');
  }
  const { view, detail } = ctx;
  const trailId = view.trail.id;
  const canChange = detail.pebble.canChangeAnswer;
  const before = view.states.get(pebbleId);
  const refusal = refusalOf(view, pebbleId, canChange);
  if (refusal) {
    // a refusal is only ever decided on a fresh load: the held view may be stale (a reset, a coach's edit)
    if (held) return forget(db, actor, trailId);
    throw refusal;
  }

  // swiping past a pebble that is not required stores what is valid and ignores the rest
  const lenient = form.action === 'swipe' && !detail.pebble.isRequired;
  const checked = checkAnswers(detail, form.answers, { skipRequired: lenient });
  const uploads = checkMedia(ctx.media, checked.media);
  const failures = { ...checked.failures, ...uploads.failures };
  if (!lenient && Object.keys(failures).length > 0) throw validationError(failures);
  const answers = [...checked.answers, ...uploads.answers];
  const passed = pebblePassed(view.trail.type as TrailType, detail, answers);
  const now = new Date();

  // the learner's progress after this answer, decided on the loaded states (the store checks they still hold)
  const fingerprint = statesFingerprint(view.states);
  const loadedTries = view.triesUsed;
  // what the trail gave before this answer: the check step says what the answer earned (docs/player.md)
  const earlier = computeProgress(view.trail, view.pebbles, view.states, loadedTries);
  view.states.set(pebbleId, { pebbleId, answeredAt: now, passed });
  view.triesUsed = Math.max(loadedTries, 1);
  const progress = computeProgress(view.trail, view.pebbles, view.states, view.triesUsed);
  const next = ctx.next;
  const write: AnswerWrite = {
    userId: actor.userId,
    pebbleId,
    trailId,
    trailName: view.trail.name,
    customerId: actor.customerId,
    publicTrailId: actor.trailId,
    startsOn: view.startsOn,
    dueOn: view.dueOn,
    nextId: next.pebble.id,
    passed,
    canChange,
    answers,
    answeredAt: now,
    triesUsed: loadedTries,
    fingerprint,
    completed: progress.status === 'completed',
    ...unlocksDue(view.trail, progress),
  };

  // a battle answer counts for the battle too (server-decided points; docs/battles.md); a first answer to a rated
  // pebble asks peers and the coach to rate it (docs/ratings.md): both in the answer's transaction
  const battleId = form.battle_id;
  const asksRatings = detail.pebble.isRbo && !before?.answeredAt && actor.customerId !== null && !isPublicActor(actor);
  let battleDone = false;
  // alone (no battle, no ratings): through the group commit, which never waits when nothing else is storing
  const store = async (tx: Tx, batched = false) => {
    const stored = batched ? await answerBatcher(db).store(write) : await storeAnswer(tx, write);
    if (!stored.fresh) return null;
    if (!stored.stored) throw answerLocked();
    if (battleId != null)
      battleDone = await recordBattleAnswer(tx, actor, battleId, trailId, pebbleId, passed, view.pebbles, answers);
    if (asksRatings) await askRatings(tx, actor, detail, view.trail.name);
    return stored;
  };
  const stored = battleId != null || asksRatings ? await db.transaction((tx) => store(tx)) : await store(db, true);
  if (!stored) return forget(db, actor, trailId);

  // opened: the next pebble, and those the learner opened elsewhere (another tab) since the view was read
  for (const id of [next.pebble.id, ...stored.openedIds])
    if (!view.states.has(id)) view.states.set(id, { pebbleId: id, answeredAt: null, passed: null });
  holdLearnerView(db, actor.userId, view);
  const nextAnswers = next.pebble.id === pebbleId ? answers : stored.nextAnswers;
  const data = await present(db, actor, view, next, nextAnswers);
  // §4 Answering: the viewer's last battle question answered, the response carries the battle (its summary, once
  // finished for the viewer; docs/battles.md)
  const battle = battleDone && battleId != null ? await getBattle(db, actor, battleId) : undefined;
  return {
    response: {
      data,
      finished: progress.status === 'completed',
      passed,
      trail_passed: progress.trail_passed,
      check: answerCheck(view.trail, detail, answers, passed, {
        xp: progress.xp - earlier.xp,
        crowns: progress.crowns - earlier.crowns,
      }),
      ...(battle ? { battle } : {}),
    },
    certificateIds: stored.certificateIds,
  };
}

/** The rating requests of a first answer to a rated pebble, each with its notification (docs/ratings.md). */
async function askRatings(tx: Tx, actor: Actor, detail: PebbleDetail, trail: string) {
  const { pebble } = detail;
  const asked = await requestRatings(tx, {
    pebbleId: pebble.id,
    trailId: pebble.trailId,
    playerId: actor.userId,
    customerId: actor.customerId!,
    mandatory: pebble.rboMandatory,
  });
  for (const r of asked) {
    await createNotification(tx, r.raterId, NOTIFY_RBO, {
      type: 'request',
      pebble_id: pebble.id,
      player_id: actor.userId,
      trail_id: pebble.trailId,
      trail,
      player: r.player,
      avatar: r.avatar,
      mandatory: r.mandatory,
    });
  }
}
