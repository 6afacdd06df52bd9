import type { AnswerForm, AnswerResponse, MineralType, Pebble, TrailType } from '@cairn/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, mineralAnswers, pebbleStates, pebbles, trailProgress, trails } from '../../db/schema';
import { notFound, validationError } from '../../lib/http-error';
import type { Actor } from '../accounts/sessions.service';
import { onAnswerStored } from '../results/results.unlock';
import { computeProgress, firstUnanswered, isLocked } from '../trails/progress';
import { answerLocked, pebbleLocked } from '../trails/trails.errors';
import { loadTrailViews, type TrailView } from '../trails/trails.repo';
import { type CheckedAnswer, checkAnswers, type PendingMedia } from './answers.check';
import { presentPebble } from './player.presenter';
import { loadAnswers, loadPebbleDetail } from './player.repo';
import { pebblePassed } from './scoring';

const UPLOAD_KIND: Partial<Record<MineralType, string>> = {
  image_input: 'image',
  audio_input: 'audio',
  video_input: 'video',
};

async function viewOf(db: Db, actor: Actor, trailId: number): Promise<TrailView> {
  const [view] = await loadTrailViews(db, actor, eq(trails.id, trailId));
  if (!view || view.pebbles.length === 0) throw notFound('Trail not found');
  return view;
}

/** Marks the pebble opened (it is no longer new) and presents it. */
async function openAndPresent(db: Db, actor: Actor, view: TrailView, pebbleId: number): Promise<Pebble> {
  await db
    .insert(pebbleStates)
    .values({ userId: actor.userId, pebbleId, trailId: view.trail.id })
    .onConflictDoNothing();
  if (!view.states.has(pebbleId)) view.states.set(pebbleId, { pebbleId, answeredAt: null, passed: null });
  const detail = await loadPebbleDetail(db, pebbleId);
  if (!detail) throw notFound('Pebble not found');
  return presentPebble(view, detail, await loadAnswers(db, actor.userId, pebbleId));
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
export async function answerPebble(db: Db, actor: Actor, pebbleId: number, form: AnswerForm): Promise<AnswerResponse> {
  const [owner] = await db.select({ trailId: pebbles.trailId }).from(pebbles).where(eq(pebbles.id, pebbleId));
  if (!owner) throw notFound('Pebble not found');
  const view = await viewOf(db, actor, owner.trailId);
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
    await tx
      .delete(mineralAnswers)
      .where(and(eq(mineralAnswers.userId, actor.userId), eq(mineralAnswers.pebbleId, pebbleId)));
    if (answers.length > 0) {
      await tx
        .insert(mineralAnswers)
        .values(answers.map((a) => ({ ...a, userId: actor.userId, pebbleId, trailId, updatedAt: now })));
    }
    // the first answer of an attempt spends the first try; resets spend the following ones
    await tx.insert(trailProgress).values({ userId: actor.userId, trailId, triesUsed: 1 }).onConflictDoNothing();
    view.states.set(pebbleId, { pebbleId, answeredAt: now, passed });
    const progress = computeProgress(view.trail, view.pebbles, view.states, Math.max(view.triesUsed, 1));
    if (progress.status === 'completed') {
      await tx
        .update(trailProgress)
        .set({ completedAt: sql`coalesce(${trailProgress.completedAt}, now())` })
        .where(and(eq(trailProgress.userId, actor.userId), eq(trailProgress.trailId, trailId)));
    }
    // rewards and certificates the answer unlocks, issued in the same transaction (docs/results.md)
    await onAnswerStored(tx, actor, trailId);
  });
  view.triesUsed = Math.max(view.triesUsed, 1);

  const next = view.pebbles[Math.min(index + 1, view.pebbles.length - 1)];
  const data = await openAndPresent(db, actor, view, next.id);
  const progress = computeProgress(view.trail, view.pebbles, view.states, view.triesUsed);
  return {
    data,
    finished: progress.status === 'completed',
    passed,
    trail_passed: progress.trail_passed,
  };
}
