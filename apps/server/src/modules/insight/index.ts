import type { FastifyInstance } from 'fastify';
import { INSIGHT_SETTLE_JOB, runSettle } from './insight.jobs';
import insightRoutes from './insight.routes';

/** Coach insight: item statistics, option pull, drop-off (docs/insight.md); the settling job. */
export default async function insightModule(app: FastifyInstance) {
  await app.register(insightRoutes);
  app.jobs.register<{ trailId?: number }>(INSIGHT_SETTLE_JOB, async (payload) => {
    await runSettle(app.db, payload ?? {});
  });
  if (app.config.scheduleSeconds > 0) {
    app.addHook('onReady', async () => app.jobs.schedule(INSIGHT_SETTLE_JOB, app.config.scheduleSeconds * 1000));
  }
}
