import type { FastifyInstance } from 'fastify';
import notificationsRoutes from './notifications.routes';
import { listenForNotifications } from './notifications.service';

/** Notifications: the paged list and reading one; the listener that sends live NOTIFICATION events on commit. */
export default async function notificationsModule(app: FastifyInstance) {
  await listenForNotifications(app);
  await app.register(notificationsRoutes);
}
