import { navigateTo } from '../../lib/navigation';

/**
 * Opens a chat with a user (the rater of a rating, another answerer of a shared question): their discussion
 * when one exists, otherwise a new one with them (§4: a new discussion is created by sending the first message).
 */
export function chatWith(target: { userId: number; discussionId: number | null }): void {
  const q = target.discussionId ? `discussion=${target.discussionId}` : `user=${target.userId}`;
  void navigateTo(`/chat?${q}`);
}
