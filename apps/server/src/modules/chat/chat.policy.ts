import { type Actor, isPublicActor } from '../../lib/actor';
import { forbidden } from '../../lib/http-error';

export type ChatActor = Actor & { customerId: number };

/**
 * Chat belongs to members of a customer. Public users (signed in through a public link) and customer-less
 * accounts are refused every chat call with 403: they are signed in, but chat is not theirs (docs/chat.md).
 */
export function chatActor(actor: Actor): ChatActor {
  if (actor.customerId === null || isPublicActor(actor)) throw forbidden('Chat is not available to this account');
  return actor as ChatActor;
}

/** Posting: anyone in a repliable discussion; in a non-repliable one (announcements) only its owners. */
export function canPost(d: { repliable: boolean }, p: { owner: boolean }): boolean {
  return d.repliable || p.owner;
}

/**
 * §6 "Broadcast/company discussions are shown only when repliable": a broadcast or company discussion is listed
 * (GET /api/chats, the search, the Chat badge, live events) only to those who may reply in it — everyone when it is
 * repliable, its owners when it is not. Other discussions are always shown to their participants (docs/chat.md).
 */
export function isShown(d: { channel: string; type: string; repliable: boolean }, p: { owner: boolean }): boolean {
  return (d.channel !== 'broadcast' && d.type !== 'company') || canPost(d, p);
}
