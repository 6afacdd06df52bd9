import type { FastifyInstance } from 'fastify';
import certificatesRoutes from './certificates.routes';
import { CERTIFICATES_JOB, notifyCertificates } from './certificates.service';

/** Certificates with their PDFs, and the job that renders and announces new ones (docs/results.md). */
export default async function certificatesModule(app: FastifyInstance) {
  app.jobs.register(CERTIFICATES_JOB, async () => {
    await notifyCertificates(app);
  });
  if (app.config.scheduleSeconds > 0) {
    app.addHook('onReady', async () => app.jobs.schedule(CERTIFICATES_JOB, app.config.scheduleSeconds * 1000));
  }
  await app.register(certificatesRoutes);
}
