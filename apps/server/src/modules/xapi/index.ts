import type { FastifyInstance } from 'fastify';
import xapiRoutes from './xapi.routes';
import { sendDue, XAPI_JOB } from './xapi.sender';

export { sendDue } from './xapi.sender';

/** How often the outbox is looked at, when scheduled jobs run (SCHEDULE_SECONDS > 0). */
const SEND_EVERY_MS = 5000;

/**
 * xAPI statements to the customer's LRS (docs/xapi.md): the settings routes, and the job that sends what the
 * triggers of migration 0022 queued.
 */
export default async function xapiModule(app: FastifyInstance) {
  app.jobs.register(XAPI_JOB, async () => {
    await sendDue(app.db, { base: app.config.publicUrl, log: app.log });
  });
  if (app.config.scheduleSeconds > 0) {
    app.addHook('onReady', async () => app.jobs.schedule(XAPI_JOB, SEND_EVERY_MS));
  }
  await app.register(xapiRoutes);
}
