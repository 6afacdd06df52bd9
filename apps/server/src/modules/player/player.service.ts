import type { AnswerForm, AnswerResponse, MineralType, Pebble, TrailType } from '@cairn/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, pebbleStates, pebbles, trailProgress } from '../../db/schema';
import { notFound, validationError } from '../../lib/http-error';
import { isPublicActor } from '../accounts/accounts.policy';
import type { Actor } from '../accounts/sessions.service';
import { recordBattleAnswer } from '../battles/battles.service';
import { createNotification, NOTIFY_RBO } from '../notifications/notifications.service';
import { loadPebbleFacts, requestRatings, summarise } from '../ratings/ratings.repo';
import { onAnswerStored } from '../results/results.unlock';
import { computeProgress, firstUnanswered, isLocked } from '../trails/progress';
import { answerLocked, hasStarted, pebbleLocked, trailNotStarted } from '../trails/trails.errors';
import { loadTrailView, loadTrailViewOfPebble, type TrailView } from '../trails/trails.repo';
import { type CheckedAnswer, checkAnswers, type PendingMedia } from './answers.check';
import { presentPebble } from './player.presenter';
import {
  loadPebbleDetail,
  openPebbleAndLoadAnswers,
  type PebbleDetail,
  storeAnswersAndReadStates,
} from './player.repo';
import { pebblePassed } from './scoring';

const UPLOAD_KIND: Partial<Record<MineralType, string>> = {
  image_input: 'image',
  audio_input: 'audio',
  video_input: 'video',
};

async function viewOf(db: Db, actor: Actor, trailId: number): Promise<TrailView> {
  const view = await loadTrailView(db, actor, trailId);
  if (!view || view.pebbles.length === 0) throw notFound('Trail not found');
  if (!hasStarted(view.startsOn)) throw trailNotStarted(view.startsOn!);
  return view;
}

/** Marks the pebble opened (it is no longer new) and presents it; `known`: its detail when already loaded. */
async function openAndPresent(
  db: Db,
  actor: Actor,
  view: TrailView,
  pebbleId: number,
  known?: PebbleDetail,
): Promise<Pebble> {
  const [answers, detail] = await Promise.all([
    openPebbleAndLoadAnswers(db, actor.userId, pebbleId, view.trail.id),
    known ?? loadPebbleDetail(db, pebbleId),
  ]);
  if (!view.states.has(pebbleId)) view.states.set(pebbleId, { pebbleId, answeredAt: null, passed: null });
  if (!detail) throw notFound('Pebble not found');
  const pebble = presentPebble(view, detail, answers, actor.userId);
  pebble.is_rbo = detail.pebble.isRbo;
  pebble.rbo_scale = detail.pebble.rboScale as 'stars' | 'emojis';
  // ratings and the players-answered count cost a query: only rated and shared (poll) pebbles show them
  if (detail.pebble.isRbo || pebble.poll_pool_id) {
    const facts = await loadPebbleFacts(db, pebbleId, actor.userId, actor.customerId);
    pebble.poll_answers = facts.answered;
    pebble.rbo_results = detail.pebble.isRbo && pebble.answered ? summarise(facts.ratings) : null;
  } else {
    pebble.poll_answers = null;
    pebble.rbo_results = null;
  }
  return pebble;
}

/** GET /api/pebbles/{trailId}[?pebble=id]: the current pebble (first unanswered), or the asked one if unlocked. */
export async function currentPebble(db: Db, actor: Actor, trailId: number, pebbleId?: number): Promise<Pebble> {
  const view = await viewOf(db, actor, trailId);
  let index: number;
  if (pebbleId !== undefined) {
    index = view.pebbles.findIndex((p) => p.id === pebbleId);
    if (index < 0) throw notFound('Pebble not found');
    if (isLocked(index, view.pebbles, view.states)) throw pebbleLocked();
  } else {
    index = firstUnanswered(view.pebbles, view.states);
    if (index < 0) index = view.pebbles.length - 1;
  }
  return openAndPresent(db, actor, view, view.pebbles[index].id);
}

/** Upload answers must name a live media row of the actor, of the mineral's kind. */
async function checkMedia(db: Db, actor: Actor, pending: PendingMedia[]) {
  const failures: Record<string, { rule: 'oneOf' | 'mimes'; params: Record<string, string> }> = {};
  if (pending.length === 0) return { failures, answers: [] as CheckedAnswer[] };
  const rows = await db
    .select({ id: media.id, kind: media.kind })
    .from(media)
    .where(
      and(
        inArray(
          media.id,
          pending.map((p) => p.mediaId),
        ),
        eq(media.userId, actor.userId),
        isNull(media.deletedAt),
      ),
    );
  const answers: CheckedAnswer[] = [];
  for (const p of pending) {
    const row = rows.find((r) => r.id === p.mediaId);
    const want = UPLOAD_KIND[p.type];
    if (!row) failures[p.field] = { rule: 'oneOf', params: {} };
    else if (want && row.kind !== want) failures[p.field] = { rule: 'mimes', params: { types: want } };
    else answers.push({ mineralId: p.mineralId, options: null, value: null, mediaId: row.id });
  }
  return { failures, answers };
}

/** POST /api/pebbles/{pebbleId}: checks and stores the answers in one transaction, then presents the next pebble. */
export async function answerPebble(
  db: Db,
  actor: Actor,
  pebbleId: number,
  form: AnswerForm,
  /** after commit, when the answer issued certificates (the route has their job announce them) */
  onCertificates?: (ids: number[]) => Promise<void>,
): Promise<AnswerResponse> {
  // the pebble's trail and the actor's view of it in one query; the distinction of the two 404s costs a
  // query only on the refusal
  const view = await loadTrailViewOfPebble(db, actor, pebbleId);
  if (!view) {
    const [owner] = await db.select({ trailId: pebbles.trailId }).from(pebbles).where(eq(pebbles.id, pebbleId));
    throw notFound(owner ? 'Trail not found' : 'Pebble not found');
  }
  if (!hasStarted(view.startsOn)) throw trailNotStarted(view.startsOn!);
  const index = view.pebbles.findIndex((p) => p.id === pebbleId);
  if (isLocked(index, view.pebbles, view.states)) throw pebbleLocked();
  const detail = (await loadPebbleDetail(db, pebbleId))!;
  const canChange = detail.pebble.canChangeAnswer;
  if (!canChange && view.states.get(pebbleId)?.answeredAt) throw answerLocked();

  // swiping past a pebble that is not required stores what is valid and ignores the rest
  const lenient = form.action === 'swipe' && !detail.pebble.isRequired;
  const checked = checkAnswers(detail, form.answers, { skipRequired: lenient });
  const uploads = await checkMedia(db, actor, checked.media);
  const failures = { ...checked.failures, ...uploads.failures };
  if (!lenient && Object.keys(failures).length > 0) throw validationError(failures);
  const answers = [...checked.answers, ...uploads.answers];
  const passed = pebblePassed(view.trail.type as TrailType, detail, answers);
  const trailId = view.trail.id;
  const now = new Date();
  const firstAnswer = !view.states.get(pebbleId)?.answeredAt;
  let issued: number[] = [];

  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(pebbleStates)
      .values({ userId: actor.userId, pebbleId, trailId, answeredAt: now, passed })
      .onConflictDoUpdate({
        target: [pebbleStates.userId, pebbleStates.pebbleId],
        set: { answeredAt: now, passed },
        // a concurrent first answer must not slip past can_change_answer
        setWhere: canChange ? undefined : isNull(pebbleStates.answeredAt),
      })
      .returning({ pebbleId: pebbleStates.pebbleId });
    if (stored.length === 0) throw answerLocked();
    // the answers replaced, the attempt recorded (the first answer spends the first try) and the states read
    // again after this answer, in one statement, so completion and unlocks see every committed answer
    const fresh = await storeAnswersAndReadStates(tx, actor.userId, pebbleId, trailId, answers, now);
    view.states = fresh.states;
    view.triesUsed = Math.max(fresh.triesUsed ?? view.triesUsed, 1);
    const progress = computeProgress(view.trail, view.pebbles, view.states, view.triesUsed);
    if (progress.status === 'completed') {
      await tx
        .update(trailProgress)
        .set({ completedAt: sql`coalesce(${trailProgress.completedAt}, now())` })
        .where(and(eq(trailProgress.userId, actor.userId), eq(trailProgress.trailId, trailId)));
    }
    // a battle answer counts for the battle too (server-decided points; docs/battles.md)
    if (form.battle_id != null) await recordBattleAnswer(tx, actor, form.battle_id, trailId, pebbleId, passed);
    // rewards and certificates the answer unlocks, issued in the same transaction (docs/results.md)
    issued = (await onAnswerStored(tx, actor, trailId, view)).certificateIds;
    // a first answer to a rated pebble asks peers and the coach to rate it (docs/ratings.md)
    if (detail.pebble.isRbo && firstAnswer && actor.customerId !== null && !isPublicActor(actor)) {
      const asked = await requestRatings(tx, {
        pebbleId,
        trailId,
        playerId: actor.userId,
        customerId: actor.customerId,
        mandatory: detail.pebble.rboMandatory,
      });
      for (const r of asked) {
        await createNotification(tx, r.raterId, NOTIFY_RBO, {
          type: 'request',
          pebble_id: pebbleId,
          player_id: actor.userId,
          trail_id: trailId,
          trail: view.trail.name,
          player: r.player,
          avatar: r.avatar,
          mandatory: r.mandatory,
        });
      }
    }
  });

  if (issued.length > 0) await onCertificates?.(issued);
  const next = view.pebbles[Math.min(index + 1, view.pebbles.length - 1)];
  const data = await openAndPresent(db, actor, view, next.id, next.id === pebbleId ? detail : undefined);
  const progress = computeProgress(view.trail, view.pebbles, view.states, view.triesUsed);
  return {
    data,
    finished: progress.status === 'completed',
    passed,
    trail_passed: progress.trail_passed,
  };
}
