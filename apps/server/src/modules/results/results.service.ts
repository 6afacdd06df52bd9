import {
  attemptSeconds,
  feedbackModeOf,
  type ResultOption,
  type ResultPdfResponse,
  type TrailResult,
  type TrailType,
} from '@cairn/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { mineralAnswers, pebbleStates, resultPdfs, trailProgress, trails } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { fileHref, fileUrl, signUrl } from '../../lib/file-urls';
import { forbidden, notFound } from '../../lib/http-error';
import { writePdf } from '../../lib/pdf/pdf.files';
import { renderPdf } from '../../lib/pdf/pdf.renderer';
import { createNotification, NOTIFY_RESULTS_PDF } from '../notifications/notifications.service';
import { attemptStart } from '../trails/attempt';
import { canReset, computeProgress } from '../trails/progress';
import { loadTrailViews, type TrailView } from '../trails/trails.repo';
import { resetGame } from '../trails/trails.service';
import { resultsSpec } from './results.pdf';
import { can, type ResultsAction } from './results.policy';
import { actorFor, displayName, type Learner, loadLearner, loadQuestions, loadTrailExtras } from './results.repo';
import { dimensionScores } from './results.rules';

export const RESULTS_PDF_JOB = 'results.pdf';
export interface ResultsPdfJob {
  userId: number;
  trailId: number;
  attempt: number;
}

/** The learner whose results the actor asks for: 404 when unknown or of another customer, 403 when not theirs to see. */
export async function learnerFor(db: Db, actor: Actor, userId: number, action: ResultsAction): Promise<Learner> {
  const learner = await loadLearner(db, userId);
  if (!learner || (learner.id !== actor.userId && learner.customerId !== actor.customerId)) {
    throw notFound('User not found');
  }
  if (!can(actor, action, learner)) throw forbidden();
  return learner;
}

async function viewFor(db: Db, learner: Learner, trailId: number): Promise<TrailView> {
  const [view] = await loadTrailViews(db, await actorFor(db, learner), eq(trails.id, trailId));
  if (!view) throw notFound('Trail not found');
  return view;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Builds the §3 trail result of a learner (no access check: callers have done it). */
export async function buildResult(db: Db, learner: Learner, trailId: number): Promise<TrailResult> {
  const view = await viewFor(db, learner, trailId);
  const { trail } = view;
  const progress = computeProgress(trail, view.pebbles, view.states, view.triesUsed);
  const [q, extras, startedAt] = await Promise.all([
    loadQuestions(
      db,
      learner.id,
      trailId,
      view.pebbles.map((p) => p.id),
    ),
    loadTrailExtras(db, learner.id, trailId),
    attemptStart(db, learner.id, trailId),
  ]);
  const answers = new Map(q.answers.map((a) => [a.mineralId, a]));
  // a trail that shows right and wrong only in the result (feedback: end) shows them once it is completed
  const withheld =
    feedbackModeOf(trail.type as TrailType, trail.feedbackMode) === 'end' && progress.status !== 'completed';

  const resultPebbles = view.pebbles.map((p) => {
    const state = view.states.get(p.id);
    const answered = !!state?.answeredAt;
    // like the player: which options are right only once the pebble is answered (nothing reveals an answer before
    // the learner gives theirs, docs/player.md "Check step")
    const revealed = answered && !withheld;
    const ms = q.minerals.filter((m) => m.pebbleId === p.id);
    const options: ResultOption[] = ms.flatMap((m): ResultOption[] => {
      const answer = answers.get(m.id);
      const os = q.options.filter((o) => o.mineralId === m.id);
      if (os.length > 0) {
        const hasCorrect = os.some((o) => o.correct);
        return os.map((o, i) => {
          const mediaOf = (t: string) => o.media?.find((x) => x.type === t)?.url ?? null;
          return {
            title: o.value,
            label: LETTERS[i] ?? String(i + 1),
            selected: answer?.options?.includes(o.id) ?? false,
            correct: hasCorrect && revealed ? o.correct : null,
            image: mediaOf('image'),
            video: mediaOf('video'),
            audio: mediaOf('audio'),
            answer: { text: o.value },
            input: null,
          };
        });
      }
      const url = answer?.mediaKey ? fileHref(answer.mediaKey) : null;
      const kind = answer?.mediaKind ?? null;
      return [
        {
          title: m.title,
          label: 'A',
          selected: !!answer,
          correct: null,
          image: null,
          video: null,
          audio: null,
          answer: null,
          input: answer
            ? {
                text: answer.value,
                image: kind === 'image' ? url : null,
                video: kind === 'video' ? url : null,
                audio: kind === 'audio' ? url : null,
                file: kind && !['image', 'video', 'audio'].includes(kind) ? url : null,
                media_id: answer.mediaId ?? null,
              }
            : null,
        },
      ];
    });
    return {
      id: p.id,
      name: p.name,
      original_name: p.name,
      fa_icon: p.faIcon,
      fa_icon_background: p.faIconBackground,
      fa_icon_border: p.faIconBorder,
      points: answered && state?.passed ? p.xp : 0,
      type: (ms[0]?.type ?? null) as TrailResult['markers'][number]['pebbles'][number]['type'],
      property: ms[0]?.title ?? null,
      answered,
      passed: revealed ? (state?.passed ?? null) : null,
      // like the player: the feedback explains the answer, so only once the pebble is answered
      feedback: revealed ? (q.feedback.get(p.id) ?? null) : null,
      options,
    };
  });

  // consecutive pebbles of one stage form a marker; pebbles without a stage fall under the trail's name
  const markers: TrailResult['markers'] = [];
  view.pebbles.forEach((p, i) => {
    const last = markers[markers.length - 1];
    if (last && last.stage_name === p.stage) {
      last.pebbles.push(resultPebbles[i]);
      last.points += resultPebbles[i].points;
    } else {
      markers.push({
        marker_name: p.stage ?? trail.name,
        stage_name: p.stage,
        points: resultPebbles[i].points,
        first_pebble_id: p.id,
        pebbles: [resultPebbles[i]],
      });
    }
  });

  const type = trail.type as TrailType;
  const graded = type === 'exam' || type === 'battle';
  const status =
    progress.status !== 'completed'
      ? progress.status
      : graded
        ? progress.trail_passed
          ? 'passed'
          : 'failed'
        : 'completed';

  let player: TrailResult['player'] = null;
  if (type === 'assessment') {
    player = {
      dimensions: dimensionScores(
        trail.dimensions,
        q.minerals.map((m) => ({ ...m, options: q.options.filter((o) => o.mineralId === m.id) })),
        new Map(q.answers.map((a) => [a.mineralId, a])),
        q.minerals.map((m) => m.id),
      ),
    };
  }

  return {
    user: { id: learner.id, name: displayName(learner) },
    trail: {
      id: trail.id,
      name: trail.name,
      type,
      icon: trail.iconUrl ? { url: trail.iconUrl } : null,
      can_reset: canReset(progress),
      pdf: extras.pdf ? signUrl(extras.pdf.pdfUrl) : null,
    },
    summary: {
      status: { status, score: progress.passed, total: progress.total },
      tries: { score: progress.tries_used, total: progress.tries_total },
      duration: {
        // the player's Info panel counts its play time the same way (trails/attempt.ts, docs/player.md "Times")
        score: attemptSeconds(startedAt, extras.progressRow?.completedAt ?? null),
        total: trail.durationSeconds,
      },
      points: { score: progress.xp, total: progress.xp_total },
      crowns: { score: progress.crowns, total: progress.crowns_total },
      rewards: { score: extras.rewards.length, total: trail.rewards.length },
    },
    certificates: extras.certificates.map((c) => ({ id: c.id, name: c.title, file: c.pdfUrl && signUrl(c.pdfUrl) })),
    markers,
    player,
  };
}

/** GET /api/results/users/{user_id}/{trail_id}. */
export async function getTrailResult(db: Db, actor: Actor, userId: number, trailId: number): Promise<TrailResult> {
  const learner = await learnerFor(db, actor, userId, 'results:read');
  return buildResult(db, learner, trailId);
}

/** GET /api/results/{trail}/pdf/{user}: the current attempt's PDF, or a queued job that makes it. */
export async function requestResultsPdf(
  app: FastifyInstance,
  actor: Actor,
  trailId: number,
  userId: number,
): Promise<ResultPdfResponse> {
  const learner = await learnerFor(app.db, actor, userId, 'results:pdf');
  const view = await viewFor(app.db, learner, trailId);
  const extras = await loadTrailExtras(app.db, learner.id, trailId);
  if (extras.pdf) return { pdf: signUrl(extras.pdf.pdfUrl) };
  const attempt = view.triesUsed;
  await app.jobs.enqueue<ResultsPdfJob>(
    RESULTS_PDF_JOB,
    { userId: learner.id, trailId, attempt },
    { jobId: `results-pdf-${learner.id}-${trailId}-${attempt}` },
  );
  return { status: 'success', message: 'generate_pdf_submitted' };
}

/** The job: renders the results PDF in the learner's language, stores it, notifies. Idempotent per attempt. */
export async function runResultsPdfJob(app: FastifyInstance, job: ResultsPdfJob): Promise<void> {
  const learner = await loadLearner(app.db, job.userId);
  if (!learner) return;
  const current = await loadTrailExtras(app.db, job.userId, job.trailId);
  // done already, or the learner has reset since: a new request makes the new attempt's PDF
  if (current.pdf || (current.progressRow?.triesUsed ?? 0) !== job.attempt) return;
  const result = await buildResult(app.db, learner, job.trailId);
  const pdf = await renderPdf(resultsSpec(result, learner.language, new Date()));
  const rel = await writePdf(app.storage, 'results', `${job.userId}-${job.trailId}-${job.attempt}`, pdf);
  const url = fileUrl(rel);
  const stored = await app.db.transaction(async (tx) => {
    const rows = await tx
      .insert(resultPdfs)
      .values({ userId: job.userId, trailId: job.trailId, attempt: job.attempt, pdfUrl: url })
      .onConflictDoUpdate({
        target: [resultPdfs.userId, resultPdfs.trailId],
        set: { attempt: job.attempt, pdfUrl: url, createdAt: new Date() },
        // another run finished this attempt first: keep its file
        setWhere: sql`${resultPdfs.attempt} <> ${job.attempt}`,
      })
      .returning({ url: resultPdfs.pdfUrl });
    if (rows.length === 0) return false;
    await createNotification(tx, job.userId, NOTIFY_RESULTS_PDF, {
      trail: result.trail.name,
      trail_id: job.trailId,
      pdf: url,
    });
    return true;
  });
  if (!stored) {
    await app.storage.delete(rel);
    return;
  }
  app.realtime.emitToUser(job.userId, 'NOTIFY_RESULTS_PDF', { trail_id: job.trailId, pdf: signUrl(url) });
}

/**
 * POST /api/users/{id}/reset/trail. The learner's own reset spends a try (the trails rule, GET /api/games/reset);
 * a coach's reset of a learner clears the answers without spending one and whatever tries are left.
 */
export async function resetTrails(db: Db, actor: Actor, userId: number, trailIds: number[]): Promise<number[]> {
  const learner = await learnerFor(db, actor, userId, 'results:reset');
  const ids = [...new Set(trailIds)];
  if (learner.id === actor.userId) {
    for (const id of ids) await resetGame(db, actor, id);
    return ids;
  }
  const views = await loadTrailViews(db, await actorFor(db, learner), inArray(trails.id, ids));
  if (views.length !== ids.length) throw notFound('Trail not found');
  await db.transaction(async (tx) => {
    const own = and(eq(mineralAnswers.userId, learner.id), inArray(mineralAnswers.trailId, ids));
    await tx.delete(mineralAnswers).where(own);
    await tx.delete(pebbleStates).where(and(eq(pebbleStates.userId, learner.id), inArray(pebbleStates.trailId, ids)));
    await tx
      .update(trailProgress)
      .set({ completedAt: null, startedAt: new Date() })
      .where(and(eq(trailProgress.userId, learner.id), inArray(trailProgress.trailId, ids)));
    await tx.delete(resultPdfs).where(and(eq(resultPdfs.userId, learner.id), inArray(resultPdfs.trailId, ids)));
  });
  return ids;
}
