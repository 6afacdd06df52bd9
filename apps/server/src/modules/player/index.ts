import type { FastifyInstance } from 'fastify';
import playerRoutes from './player.routes';

/** The player: current pebble, answering, shared poll answers, assessment scores. */
export default async function playerModule(app: FastifyInstance) {
  await app.register(playerRoutes);
}
