import type { FastifyInstance } from 'fastify';
import resultsRoutes from './results.routes';
import { RESULTS_PDF_JOB, type ResultsPdfJob, runResultsPdfJob } from './results.service';

/** Results: trail results, resets and the results-PDF job (docs/results.md). */
export default async function resultsModule(app: FastifyInstance) {
  app.jobs.register<ResultsPdfJob>(RESULTS_PDF_JOB, (job) => runResultsPdfJob(app, job));
  await app.register(resultsRoutes);
}
