import { isPublicRoleName } from '@cairn/shared';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './http-error';

/** Who is calling: resolved from the access token, never from client-supplied ids. */
export interface Actor {
  userId: number;
  customerId: number | null;
  sessionId: string;
  trailId: number | null;
  roles: { name: string; level: number }[];
}

/** Role level above which a user is a coach (§6: the Results entry, users' results, resets). */
export const COACH_LEVEL = 400;

/** True when the actor signed in through a public link (any role named public, §5). */
export function isPublicActor(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((r) => isPublicRoleName(r.name));
}

/** True when one of the actor's roles is above the coach level. */
export const isCoach = (actor: Actor) => actor.roles.some((r) => r.level > COACH_LEVEL);

/** The authenticated actor; only call in routes behind `app.authenticate` (plugins/auth.ts sets request.actor). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
