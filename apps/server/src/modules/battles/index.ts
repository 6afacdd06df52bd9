import type { FastifyInstance } from 'fastify';
import { BATTLE_SWEEP_JOB, runBattleSweep } from './battles.jobs';
import battlesRoutes from './battles.routes';

/** Battles (docs/battles.md): the routes, and the scheduled sweep of reminders and deadlines. */
export default async function battlesModule(app: FastifyInstance) {
  app.jobs.register(BATTLE_SWEEP_JOB, async () => {
    const r = await runBattleSweep(app.db);
    if (Object.values(r).some((n) => n > 0)) app.log.info(r, 'battle reminders and deadlines');
  });
  if (app.config.scheduleSeconds > 0) {
    app.addHook('onReady', async () => app.jobs.schedule(BATTLE_SWEEP_JOB, app.config.scheduleSeconds * 1000));
  }
  await app.register(battlesRoutes);
}
