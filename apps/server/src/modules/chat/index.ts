import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import chatRoutes from './chat.routes';

/**
 * Chat routes. Not wrapped in fastify-plugin, like the media module: the multipart parser registered here
 * applies to the attachment routes only.
 */
export default async function chatModule(app: FastifyInstance) {
  await app.register(multipart);
  await app.register(chatRoutes, { storage: app.storage });
}
