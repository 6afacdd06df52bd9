import { useTranslation } from 'react-i18next';
import { chatWith } from '../chat-with';

/** The chat icon next to a rater or an answerer: opens their discussion, or the chat with them (§2, §6). */
export function ChatWithButton({
  userId,
  discussionId,
  name,
}: {
  userId: number;
  discussionId: number | null;
  name: string;
}) {
  const { t } = useTranslation('rbo');
  return (
    <button
      type="button"
      onClick={() => chatWith({ userId, discussionId, name })}
      className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-4 focus-visible:outline-slate-900"
      aria-label={t('panel.chatWith', { name })}
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z" />
      </svg>
    </button>
  );
}
