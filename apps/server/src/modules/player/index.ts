import type { FastifyInstance } from 'fastify';
import offlineRoutes from './offline.routes';
import playerRoutes from './player.routes';

/** The player: current pebble, answering, shared poll answers, assessment scores. */
export default async function playerModule(app: FastifyInstance) {
  await app.register(playerRoutes);
  await app.register(offlineRoutes);
}
