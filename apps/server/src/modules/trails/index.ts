import type { FastifyInstance } from 'fastify';
import trailsRoutes from './trails.routes';

// the scoring rule of a trail's progress, for modules that report it (xapi)
export { type PebbleMark, progressOfMarks } from './progress';

/** Trails: the learner's list, detail, reset, and the me-lists by type. */
export default async function trailsModule(app: FastifyInstance) {
  await app.register(trailsRoutes);
}
