import type { FastifyInstance } from 'fastify';
import brandingRoutes from './branding.routes';

/** Branding: the brand page's theme (customer admins) and the installable app's manifest. */
export default async function brandingModule(app: FastifyInstance) {
  await app.register(brandingRoutes);
}
