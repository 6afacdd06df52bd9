import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { chatUi } from '../store';
import type { SentTrail } from '../trail-card';
import ChatView from './ChatView';

const placements = {
  // next to the result panel (the panel is w-96 at the end edge), above its faded area
  panel:
    'fixed inset-y-0 end-96 z-50 flex w-96 flex-col overflow-y-auto border-e border-slate-200 bg-white p-4 shadow-2xl',
  // beside the result on /results/{id}, in the page's flow, staying in view while the result scrolls
  page: 'sticky top-4 flex h-[min(44rem,calc(100dvh-6rem))] w-96 shrink-0 flex-col overflow-y-auto rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200',
} as const;

/**
 * On wide screens a trail result opens the chat with the other side beside it (§2): the learner's coach for the
 * learner's own result, the learner for a coach viewing it. It carries the trail (sendTrail): the first message
 * sent from it has the result as a card. Docked next to the result panel, or beside the result page.
 */
export default function ResultChatDock({
  userId,
  name,
  trail,
  placement,
}: {
  userId: number;
  name: string;
  trail: SentTrail;
  placement: keyof typeof placements;
}) {
  const { t } = useTranslation('chat');
  const { id: trailId, userId: resultUserId, name: trailName } = trail;
  useEffect(() => {
    chatUi.open({ userId, name, trail: { id: trailId, userId: resultUserId, name: trailName } });
  }, [userId, name, trailId, resultUserId, trailName]);
  return (
    <aside aria-label={t('dock', { name })} data-testid="result-chat" className={placements[placement]}>
      <ChatView />
    </aside>
  );
}
