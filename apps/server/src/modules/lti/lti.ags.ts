import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ltiGradeTargets, ltiPlatforms, ltiResourceLinks, ltiScores } from '../../db/schema';
import { SCOPE } from './lti.claims';
import { dropServiceToken, serviceToken } from './lti.services';

export const LTI_SCORE_SWEEP_JOB = 'lti.score-sweep';
export const LTI_SCORE_JOB = 'lti.score';
export interface LtiScoreJob {
  id: number;
}

/**
 * Finds completed attempts of learners launched through graded links that have no score row yet, and makes one per
 * attempt (the unique key: platform, link, user, attempt — tries used and completion time), each posted by a job.
 * Rows still pending after two minutes (every retry of their job failed) are queued again.
 */
export async function sweepScores(app: FastifyInstance): Promise<number[]> {
  const made = await app.db.execute<{ id: number }>(sql`
    insert into ${ltiScores} (platform_id, resource_link_id, user_id, attempt_key)
    select g.platform_id, g.resource_link_id, g.user_id,
           p.tries_used || ':' || (extract(epoch from p.completed_at) * 1000)::bigint
    from ${ltiGradeTargets} g
    join ${ltiResourceLinks} l on l.platform_id = g.platform_id and l.resource_link_id = g.resource_link_id
    join trail_progress p on p.user_id = g.user_id and p.trail_id = g.trail_id
    where p.completed_at is not null and l.lineitem_url is not null
    on conflict do nothing
    returning id`);
  const stale = await app.db.execute<{ id: number }>(sql`
    select id from ${ltiScores} where status = 'pending' and created_at < now() - interval '2 minutes' and tries < 50
    order by id limit 100`);
  const ids = [...made.rows, ...stale.rows].map((r) => Number(r.id));
  for (const id of ids) await app.jobs.enqueue<LtiScoreJob>(LTI_SCORE_JOB, { id }, { jobId: `lti-score-${id}` });
  return ids;
}

/** The learner's points on the trail out of its total (the pebbles' xp: passed ones count, docs/scoring.md). */
async function pointsOf(db: Db, userId: number, trailId: number): Promise<{ given: number; max: number }> {
  const r = await db.execute<{ given: number; max: number }>(sql`
    select coalesce(sum(pb.xp) filter (where s.answered_at is not null and s.passed), 0)::int as given,
           coalesce(sum(pb.xp), 0)::int as max
    from pebbles pb left join pebble_states s on s.pebble_id = pb.id and s.user_id = ${userId}
    where pb.trail_id = ${trailId}`);
  const { given, max } = r.rows[0] ?? { given: 0, max: 0 };
  // a trail worth no points reports completion as 1 of 1
  return max > 0 ? { given: Number(given), max: Number(max) } : { given: 1, max: 1 };
}

/** The scores URL of a line item: /scores appended to its path, its query kept (AGS 2.0 §3.4). */
export function scoresUrl(lineitem: string): string {
  const u = new URL(lineitem);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/scores`;
  return u.toString();
}

/**
 * Posts one attempt's score to the line item, once: a row already sent is left alone (a retry after the post
 * succeeded, a duplicate enqueue). Throws on a refusal so the job queue retries with backoff.
 */
export async function postScore(app: FastifyInstance, job: LtiScoreJob): Promise<void> {
  const db = app.db;
  const [row] = await db
    .select({
      score: ltiScores,
      lineitem: ltiResourceLinks.lineitemUrl,
      platform: ltiPlatforms,
      sub: ltiGradeTargets.sub,
      trailId: ltiGradeTargets.trailId,
    })
    .from(ltiScores)
    .innerJoin(
      ltiResourceLinks,
      and(
        eq(ltiResourceLinks.platformId, ltiScores.platformId),
        eq(ltiResourceLinks.resourceLinkId, ltiScores.resourceLinkId),
      ),
    )
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiScores.platformId))
    .innerJoin(
      ltiGradeTargets,
      and(
        eq(ltiGradeTargets.platformId, ltiScores.platformId),
        eq(ltiGradeTargets.resourceLinkId, ltiScores.resourceLinkId),
        eq(ltiGradeTargets.userId, ltiScores.userId),
      ),
    )
    .where(eq(ltiScores.id, job.id));
  if (!row || row.score.status === 'sent' || !row.lineitem) return;
  const { given, max } = await pointsOf(db, row.score.userId, row.trailId);
  await db
    .update(ltiScores)
    .set({ tries: sql`${ltiScores.tries} + 1`, scoreGiven: given, scoreMaximum: max })
    .where(eq(ltiScores.id, job.id));
  const scopes = [SCOPE.score];
  let res: Response;
  try {
    const token = await serviceToken(db, row.platform, scopes);
    res = await fetch(scoresUrl(row.lineitem), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
      body: JSON.stringify({
        userId: row.sub,
        scoreGiven: given,
        scoreMaximum: max,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: new Date().toISOString(),
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    await db
      .update(ltiScores)
      .set({ lastError: String(err).slice(0, 500) })
      .where(eq(ltiScores.id, job.id));
    throw err;
  }
  if (!res.ok) {
    if (res.status === 401) dropServiceToken(row.platform, scopes);
    await db
      .update(ltiScores)
      .set({ lastError: `score post answered ${res.status}` })
      .where(eq(ltiScores.id, job.id));
    throw new Error(`the platform refused the score (${res.status})`);
  }
  await db
    .update(ltiScores)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(ltiScores.id, job.id));
  app.log.info({ score: job.id, given, max }, 'lti score posted');
}
