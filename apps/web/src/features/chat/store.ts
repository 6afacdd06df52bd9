import { createStore, useStore } from '../../lib/store';
import { ui } from '../../lib/ui-store';
import type { SentTrail } from './trail-card';

/** What to open: a known discussion, or the chat with a user (created by the first message when there is none). */
export type ChatTarget = ({ discussionId: number; highlight?: number } | { userId: number; name?: string }) & {
  /** text put in the composer, not sent (the spec's sendTrail: e.g. a link to the trail being talked about) */
  draft?: string;
  /** the trail whose result the chat was opened beside (the spec's sendTrail): a card in the first message sent */
  trail?: SentTrail;
};

interface ChatState {
  /** the open conversation; null shows the list */
  target: ChatTarget | null;
  /** the participant profile view over the open conversation */
  profile: boolean;
}

export const chatStore = createStore<ChatState>({ target: null, profile: false });

/**
 * The one way other features open a chat (the ratings panel's chat-with button, shared answers, the trail result):
 * `openChat({ userId })` opens that user's existing one-to-one chat or a new one; `openChat({ discussionId })`
 * opens a discussion. Both show the side panel's chats tab.
 */
export function openChat(target: ChatTarget): void {
  chatStore.set({ target, profile: false });
  ui.openPanel('chats');
}

export const chatUi = {
  open: (target: ChatTarget) => chatStore.set({ target, profile: false }),
  back: () => chatStore.set((s) => (s.profile ? { ...s, profile: false } : { target: null, profile: false })),
  showProfile: () => chatStore.set((s) => ({ ...s, profile: true })),
};

export const useChatUi = () => useStore(chatStore);
