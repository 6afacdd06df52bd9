import type { FastifyInstance } from 'fastify';
import ltiAdminRoutes from './lti.admin.routes';
import { LTI_SCORE_JOB, LTI_SCORE_SWEEP_JOB, type LtiScoreJob, postScore, sweepScores } from './lti.ags';
import { refreshFrameOrigins } from './lti.framing';
import { ensureToolKey } from './lti.keys';
import ltiRoutes from './lti.routes';

/** How often completed attempts are looked for to post their grades (the issue asks for a grade within 10 s). */
const SCORE_SWEEP_MS = 3000;

/** LTI 1.3 Advantage tool (docs/lti.md): registration, login and launch, deep linking, grades, rosters. */
export default async function ltiModule(app: FastifyInstance) {
  app.jobs.register<LtiScoreJob>(LTI_SCORE_JOB, (job) => postScore(app, job));
  app.jobs.register(LTI_SCORE_SWEEP_JOB, async () => {
    await sweepScores(app);
  });
  app.addHook('onReady', async () => {
    await ensureToolKey(app.db);
    await refreshFrameOrigins(app);
    const timer = setInterval(() => {
      refreshFrameOrigins(app).catch((err) => app.log.warn({ err }, 'lti frame origins not refreshed'));
    }, 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    if (app.config.scheduleSeconds > 0) await app.jobs.schedule(LTI_SCORE_SWEEP_JOB, SCORE_SWEEP_MS);
  });
  await app.register(ltiRoutes);
  await app.register(ltiAdminRoutes);
}
