import { navigateTo } from '../../lib/navigation';

/**
 * Opens a chat with a user (the rater of a rating, another answerer of a shared question): their discussion
 * when one exists, otherwise the chat with them, which the first message creates (§4). It goes through /chat,
 * the link form of openChat (features/chat/store.ts): the player's layout has no side panel of its own.
 */
export function chatWith(target: { userId: number; discussionId: number | null; name?: string }): void {
  const q = new URLSearchParams();
  if (target.discussionId) q.set('discussion', String(target.discussionId));
  else {
    q.set('user', String(target.userId));
    if (target.name) q.set('name', target.name);
  }
  void navigateTo(`/chat?${q}`);
}
