import type { FastifyInstance } from 'fastify';
import dashboardsRoutes from './dashboards.routes';

/** Dashboard cards: leaderboards of the customer by points, crowns and trails completed (docs/me-and-coach.md). */
export default async function dashboardsModule(app: FastifyInstance) {
  await app.register(dashboardsRoutes);
}
