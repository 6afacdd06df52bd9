import type { FastifyInstance } from 'fastify';
import trailsRoutes from './trails.routes';

/** Trails: the learner's list, detail, reset, and the me-lists by type. */
export default async function trailsModule(app: FastifyInstance) {
  await app.register(trailsRoutes);
}
