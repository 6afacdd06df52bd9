import type { FastifyInstance } from 'fastify';
import { DATE_NOTICES_JOB, runDateNotices } from './dates.jobs';

/** Assignment dates: the scheduled due and start notices (docs/battles.md). No routes. */
export default async function datesModule(app: FastifyInstance) {
  app.jobs.register(DATE_NOTICES_JOB, async () => {
    const r = await runDateNotices(app.db);
    if (r.sent > 0) app.log.info(r, 'due and start date notices');
  });
  if (app.config.scheduleSeconds > 0) {
    app.addHook('onReady', async () => app.jobs.schedule(DATE_NOTICES_JOB, app.config.scheduleSeconds * 1000));
  }
}
