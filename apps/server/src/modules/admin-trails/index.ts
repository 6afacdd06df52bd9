import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import adminTrailsRoutes from './admin-trails.routes';

/**
 * Customer administration of teams and trails (docs/admin.md). Not wrapped in fastify-plugin, like media and chat:
 * the multipart parser registered here applies to the package upload only.
 */
export default async function adminTrailsModule(app: FastifyInstance) {
  await app.register(multipart);
  await app.register(adminTrailsRoutes);
}
