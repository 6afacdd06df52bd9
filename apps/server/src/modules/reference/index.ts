import type { FastifyInstance } from 'fastify';
import clientConfigRoutes from './client-config.routes';
import referenceRoutes from './reference.routes';

/** Reference data: languages, countries, themes, custom profile fields; and the web app's run-time configuration. */
export default async function referenceModule(app: FastifyInstance) {
  await app.register(referenceRoutes);
  await app.register(clientConfigRoutes);
}
