import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type AppNotification,
  type Certificate,
  NOTIFICATIONS_PER_PAGE,
  type NotificationsPage,
  type ResultOption,
  type ResultPdfResponse,
  type Reward,
  type TrailResult,
  type TrailType,
} from '@cairn/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  mineralAnswers,
  notifications,
  pebbleStates,
  resultPdfs,
  trailProgress,
  trails,
  userCertificates,
  userRewards,
  users,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { fileUrl } from '../accounts/accounts.presenter';
import type { Actor } from '../accounts/sessions.service';
import { renderPdf } from '../pdf/pdf.renderer';
import { canReset, computeProgress } from '../trails/progress';
import { loadTrailViews, type TrailView } from '../trails/trails.repo';
import { resetGame } from '../trails/trails.service';
import { createNotification, NOTIFY_RESULTS_PDF } from './notifications';
import { certificateSpec, resultsSpec } from './results.pdf';
import { can, type ResultsAction } from './results.policy';
import { actorFor, displayName, type Learner, loadLearner, loadQuestions, loadTrailExtras } from './results.repo';
import { dimensionScores, readableDate, secondsBetween } from './results.rules';

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
  const [q, extras] = await Promise.all([
    loadQuestions(
      db,
      learner.id,
      trailId,
      view.pebbles.map((p) => p.id),
    ),
    loadTrailExtras(db, learner.id, trailId),
  ]);
  const answers = new Map(q.answers.map((a) => [a.mineralId, a]));

  const resultPebbles = view.pebbles.map((p) => {
    const state = view.states.get(p.id);
    const answered = !!state?.answeredAt;
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
            correct: hasCorrect ? o.correct : null,
            image: mediaOf('image'),
            video: mediaOf('video'),
            audio: mediaOf('audio'),
            answer: { text: o.value },
            input: null,
          };
        });
      }
      const url = answer?.mediaKey ? fileUrl(answer.mediaKey) : null;
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
      passed: answered ? (state?.passed ?? null) : null,
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
  const lastAnswer = [...view.states.values()].reduce<Date | null>(
    (max, s) => (s.answeredAt && (!max || s.answeredAt > max) ? s.answeredAt : max),
    null,
  );

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
      pdf: extras.pdf?.pdfUrl ?? null,
    },
    summary: {
      status: { status, score: progress.passed, total: progress.total },
      tries: { score: progress.tries_used, total: progress.tries_total },
      duration: {
        score: secondsBetween(extras.progressRow?.startedAt ?? null, extras.progressRow?.completedAt ?? lastAnswer),
        total: trail.durationSeconds,
      },
      points: { score: progress.xp, total: progress.xp_total },
      crowns: { score: progress.crowns, total: progress.crowns_total },
      rewards: { score: extras.rewards.length, total: trail.rewards.length },
    },
    certificates: extras.certificates.map((c) => ({ id: c.id, name: c.title, file: c.pdfUrl })),
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
  if (extras.pdf) return { pdf: extras.pdf.pdfUrl };
  const attempt = view.triesUsed;
  await app.jobs.enqueue<ResultsPdfJob>(
    RESULTS_PDF_JOB,
    { userId: learner.id, trailId, attempt },
    { jobId: `results-pdf-${learner.id}-${trailId}-${attempt}` },
  );
  return { status: 'success', message: 'generate_pdf_submitted' };
}

async function writePdf(app: FastifyInstance, dir: string, name: string, pdf: Buffer): Promise<string> {
  // an unguessable name: /files is served without authentication
  const rel = `pdfs/${dir}/${name}-${randomBytes(12).toString('hex')}.pdf`;
  const abs = path.join(app.config.filesDir, rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, pdf);
  return rel;
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
  const rel = await writePdf(app, 'results', `${job.userId}-${job.trailId}-${job.attempt}`, pdf);
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
    await fs.rm(path.join(app.config.filesDir, rel), { force: true });
    return;
  }
  app.realtime.emitToUser(job.userId, 'NOTIFY_RESULTS_PDF', { trail_id: job.trailId, pdf: url });
}

/** Rewards of the actor (all, or the given ids), newest first; texts from the trails' declarations. */
export async function listRewards(db: Db, actor: Actor, ids?: number[]): Promise<Reward[]> {
  const rows = await db
    .select({ r: userRewards, trailRewards: trails.rewards })
    .from(userRewards)
    .innerJoin(trails, eq(trails.id, userRewards.trailId))
    .where(
      and(eq(userRewards.userId, actor.userId), ids ? inArray(userRewards.id, ids.length ? ids : [-1]) : undefined),
    )
    .orderBy(desc(userRewards.achievedAt), desc(userRewards.id));
  const [[first], [latest]] = await Promise.all([
    db
      .select({ id: userRewards.id })
      .from(userRewards)
      .where(eq(userRewards.userId, actor.userId))
      .orderBy(asc(userRewards.achievedAt), asc(userRewards.id))
      .limit(1),
    db
      .select({ id: userRewards.id })
      .from(userRewards)
      .where(eq(userRewards.userId, actor.userId))
      .orderBy(desc(userRewards.achievedAt), desc(userRewards.id))
      .limit(1),
  ]);
  return rows.flatMap(({ r, trailRewards }) => {
    const decl = trailRewards.find((d) => d.key === r.rewardKey);
    if (!decl) return [];
    return [
      {
        id: r.id,
        trail_id: r.trailId,
        title: decl.title,
        subtitle: decl.subtitle ?? null,
        description: decl.description ?? null,
        experience: decl.experience ?? 0,
        media: decl.media ? { url: decl.media } : null,
        prize_title: decl.prize_title ?? null,
        prize_description: decl.prize_description ?? null,
        created_at: r.achievedAt.toISOString(),
        readable_achieved_at: readableDate(r.achievedAt),
        first_time: r.id === first?.id,
        latest: r.id === latest?.id,
      },
    ];
  });
}

/** GET /api/rewards/test: the rewards the actor's trails declare, shaped as earned ones, to preview the popup. Nothing is stored. */
export async function previewRewards(db: Db, actor: Actor): Promise<Reward[]> {
  const views = await loadTrailViews(db, actor);
  const now = new Date();
  return views
    .flatMap((v) => v.trail.rewards.map((d) => ({ d, trailId: v.trail.id })))
    .map(({ d, trailId }, i) => ({
      id: -(i + 1),
      trail_id: trailId,
      title: d.title,
      subtitle: d.subtitle ?? null,
      description: d.description ?? null,
      experience: d.experience ?? 0,
      media: d.media ? { url: d.media } : null,
      prize_title: d.prize_title ?? null,
      prize_description: d.prize_description ?? null,
      created_at: now.toISOString(),
      readable_achieved_at: readableDate(now),
      first_time: i === 0,
      latest: i === 0,
    }));
}

/** GET /api/certificates/user/{ids}: the certificates with their PDFs (rendered on first request). */
export async function getCertificates(app: FastifyInstance, actor: Actor, ids: number[]): Promise<Certificate[]> {
  const rows = await app.db
    .select({ c: userCertificates, trailName: trails.name, customerId: users.customerId })
    .from(userCertificates)
    .innerJoin(trails, eq(trails.id, userCertificates.trailId))
    .innerJoin(users, eq(users.id, userCertificates.userId))
    .where(inArray(userCertificates.id, ids))
    .orderBy(asc(userCertificates.id));
  if (rows.length !== new Set(ids).size) throw notFound('Certificate not found');
  for (const r of rows) {
    if (r.c.userId !== actor.userId && r.customerId !== actor.customerId) throw notFound('Certificate not found');
    if (!can(actor, 'results:read', { id: r.c.userId, customerId: r.customerId })) throw forbidden();
  }
  const out: Certificate[] = [];
  for (const { c, trailName } of rows) {
    let url = c.pdfUrl;
    if (!url) {
      const learner = (await loadLearner(app.db, c.userId))!;
      const pdf = await renderPdf(
        certificateSpec({
          locale: learner.language,
          title: c.title,
          learner: displayName(learner),
          trail: trailName,
          issuedAt: c.issuedAt,
        }),
      );
      const rel = await writePdf(app, 'certificates', `${c.id}`, pdf);
      const [row] = await app.db
        .update(userCertificates)
        .set({ pdfUrl: fileUrl(rel) })
        .where(and(eq(userCertificates.id, c.id), sql`${userCertificates.pdfUrl} is null`))
        .returning({ url: userCertificates.pdfUrl });
      if (row?.url) url = row.url;
      else {
        // a concurrent request stored its file first
        await fs.rm(path.join(app.config.filesDir, rel), { force: true });
        [{ url }] = await app.db
          .select({ url: userCertificates.pdfUrl })
          .from(userCertificates)
          .where(eq(userCertificates.id, c.id));
      }
    }
    out.push({
      id: c.id,
      name: c.title,
      file: url as string,
      pdf: url as string,
      issued_at: c.issuedAt.toISOString(),
      trail: { id: c.trailId, name: trailName },
    });
  }
  return out;
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

type NotificationRow = typeof notifications.$inferSelect;

/** Row → §3 Notification. */
function presentNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    event: row.event,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: row.data,
  };
}

/** GET /api/notifications/{id}: one of the actor's notifications, marked read. */
export async function readNotification(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}

/**
 * GET /api/notificationsAll/{page}: a page of the actor's own notifications, newest first, with the total and
 * unread counts (both from the `notifications_user_idx` index: user_id, created_at).
 */
export async function listNotifications(db: Db, actor: Actor, page: number): Promise<NotificationsPage> {
  const own = eq(notifications.userId, actor.userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(own)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PER_PAGE)
      .offset((page - 1) * NOTIFICATIONS_PER_PAGE),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(own),
  ]);
  return {
    data: rows.map(presentNotification),
    meta: {
      pagination: {
        total: counts.total,
        total_pages: Math.ceil(counts.total / NOTIFICATIONS_PER_PAGE),
        current_page: page,
        per_page: NOTIFICATIONS_PER_PAGE,
      },
    },
    unread: counts.unread,
  };
}
