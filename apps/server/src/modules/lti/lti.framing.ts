import type { FastifyInstance } from 'fastify';
import { frameOrigins } from './lti.platforms';

// per app (keyed by its setter; tests run several apps in one process)
const current = new WeakMap<object, string[]>();

/** The platform origins the app allows to frame it, as last read. */
export const currentFrameOrigins = (app: FastifyInstance): readonly string[] => current.get(app.setFrameOrigins) ?? [];

/**
 * Reads the registered platforms' origins and hands them to the security headers (frame-ancestors). Called on start,
 * after a registration, and every minute (another process may have registered one).
 */
export async function refreshFrameOrigins(app: FastifyInstance): Promise<void> {
  const next = await frameOrigins(app.db);
  if (next.join(' ') === (current.get(app.setFrameOrigins) ?? []).join(' ')) return;
  current.set(app.setFrameOrigins, next);
  app.setFrameOrigins(next);
}
