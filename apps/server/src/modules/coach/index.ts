import type { FastifyInstance } from 'fastify';
import coachRoutes from './coach.routes';

/** The coach view: the customer's learners, their trails, and changes to their profiles (docs/me-and-coach.md). */
export default async function coachModule(app: FastifyInstance) {
  await app.register(coachRoutes);
}
