import type { FastifyInstance } from 'fastify';
import ratingsRoutes from './ratings.routes';

/** Peer ratings (RBO): rating requests, ratings and the actor's overview (docs/ratings.md). */
export default async function ratingsModule(app: FastifyInstance) {
  await app.register(ratingsRoutes);
}
