import type { FastifyInstance } from 'fastify';
import rewardsRoutes from './rewards.routes';

/** Rewards: the signed-in user's, and a preview of the popup (docs/results.md). */
export default async function rewardsModule(app: FastifyInstance) {
  await app.register(rewardsRoutes);
}
