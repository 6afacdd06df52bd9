import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { chatUi } from '../store';
import ChatView from './ChatView';

/**
 * On wide screens a trail result opens the chat with the other side beside it (§4): the learner's coach for the
 * learner's own result, the learner for a coach viewing it. Docked next to the result panel; it goes with it.
 */
export default function ResultChatDock({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation('chat');
  useEffect(() => {
    chatUi.open({ userId, name });
  }, [userId, name]);
  return (
    <aside
      aria-label={t('dock', { name })}
      data-testid="result-chat"
      className="fixed inset-y-0 end-96 z-50 flex w-96 flex-col overflow-y-auto border-e border-slate-200 bg-white p-4 shadow-2xl"
    >
      <ChatView />
    </aside>
  );
}
