import type { Pebble } from '@cairn/shared/api/trails';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { Spinner } from '../../../ui/Spinner';
import { MediaView } from '../../media';
import { ChatWithButton, usePoll } from '../../rbo';

/**
 * The Share-answers panel of §2: a summary header, the question's details (collapsible, with a link back to the
 * pebble), and every answer of the customer's learners (collapsible, with the count); the user's own answer is
 * flagged and has no chat icon; the answers open by themselves when there is no summary. An anonymous survey's
 * other answers come without a name, picture or chat (docs/player.md): each says "Anonymous".
 */
export function ShareAnswersView({ pebble, onGoToPebble }: { pebble: Pebble; onGoToPebble: () => void }) {
  const { t } = useTranslation('rbo');
  const { data: poll, isPending, isError } = usePoll(pebble.poll_pool_id);
  if (isPending) return <Spinner label={t('loading')} />;
  if (isError || !poll) return <p className="text-sm text-slate-600">{t('share.unavailable')}</p>;
  const summary = poll.summary.filter((s) => s.count > 0);
  return (
    <section aria-label={t('share.title')}>
      <header className="mb-4">
        <h2 className="text-lg font-bold text-slate-900">{t('share.title')}</h2>
        <p className="text-sm text-slate-600">{t('share.people', { count: poll.users })}</p>
        {poll.anonymous && <p className="mt-1 text-sm text-slate-600">{t('share.anonymousNote')}</p>}
        {summary.length > 0 && (
          <ul className="mt-3 flex flex-col gap-2">
            {summary.map((s) => (
              <li key={`${s.value_id}-${s.value}`} className="text-sm">
                <div className="flex justify-between gap-2">
                  <span className="min-w-0 break-words text-slate-800">{s.value}</span>
                  <span className="font-semibold text-slate-900">{s.percent}%</span>
                </div>
                <span className="mt-1 block h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-accent" style={{ width: `${s.percent}%` }} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </header>
      <details className="border-t border-slate-100 py-3">
        <summary className="cursor-pointer font-semibold text-slate-900">{t('share.question')}</summary>
        <p className="mt-2 text-slate-800">{poll.question}</p>
        <button
          type="button"
          onClick={onGoToPebble}
          className="mt-2 text-sm font-semibold underline underline-offset-4"
        >
          {t('share.goToPage')}
        </button>
      </details>
      <details className="border-t border-slate-100 py-3" open={summary.length === 0}>
        <summary className="cursor-pointer font-semibold text-slate-900">
          {t('share.answers', { count: poll.answers.length })}
        </summary>
        <ul className="mt-3 flex flex-col gap-3">
          {poll.answers.map((a, index) => {
            const name = a.name || t('share.anonymous');
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: anonymous answers share id 0; the list keeps its order
              <li key={`${a.id}-${index}`} className="flex gap-3">
                <Avatar url={a.avatar} name={name} alt="" size={36} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">
                    {name}
                    {a.is_me && (
                      <span className="ms-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-on-accent">
                        {t('share.you')}
                      </span>
                    )}
                  </p>
                  {a.answers.map((v, i) =>
                    v.media ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a user's answers keep their order
                      <MediaView key={i} url={v.media.url} title={name} mimetype={v.media.metadata?.mimetype ?? ''} />
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a user's answers keep their order
                      <p key={i} className="break-words text-sm text-slate-700">
                        {v.value}
                      </p>
                    ),
                  )}
                </div>
                {!a.is_me && a.id > 0 && <ChatWithButton userId={a.id} discussionId={a.discussion_id} name={name} />}
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}
