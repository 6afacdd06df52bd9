import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { Spinner } from '../../../ui/Spinner';
import { useChatSearch } from '../api';
import { type ChatTarget, chatUi } from '../store';
import { previewText } from '../trail-card';

/** The list's search results (§2): sections Chats, Contacts, Messages, each only with entries, else no_results_found. */
export function SearchResults({ query, onOpened }: { query: string; onOpened: () => void }) {
  const { t } = useTranslation('chat');
  const search = useChatSearch(query);
  const open = (target: ChatTarget) => {
    onOpened();
    chatUi.open(target);
  };
  if (!query || search.isPending) return <Spinner label={t('loading')} />;
  const r = search.data;
  if (!r || (r.chats.length === 0 && r.contacts.length === 0 && r.messages.length === 0)) {
    return <p className="py-6 text-center text-slate-600">{t('no_results_found')}</p>;
  }
  const heading = 'px-2 pt-2 text-xs font-bold uppercase tracking-wide text-slate-600';
  const row =
    'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-start hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent';
  return (
    <div className="flex flex-col gap-2">
      {r.chats.length > 0 && (
        <section aria-label={t('sections.chats')}>
          <h3 className={heading}>{t('sections.chats')}</h3>
          <ul>
            {r.chats.map((d) => (
              <li key={d.id}>
                <button type="button" className={row} onClick={() => open({ discussionId: d.id })}>
                  <Avatar url={d.media} name={d.name} alt="" size={32} />
                  <span className="truncate font-semibold text-slate-900">{d.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.contacts.length > 0 && (
        <section aria-label={t('sections.contacts')}>
          <h3 className={heading}>{t('sections.contacts')}</h3>
          <ul>
            {r.contacts.map((c) => (
              <li key={c.id}>
                <button type="button" className={row} onClick={() => open({ userId: c.id, name: c.name })}>
                  <Avatar url={c.media} name={c.name} alt="" size={32} />
                  <span className="truncate font-semibold text-slate-900">{c.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.messages.length > 0 && (
        <section aria-label={t('sections.messages')}>
          <h3 className={heading}>{t('sections.messages')}</h3>
          <ul>
            {r.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={row}
                  onClick={() => open({ discussionId: m.discussion_id, highlight: m.id })}
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-semibold text-slate-900">{m.discussion_name}</span>
                    <span className="truncate text-sm text-slate-600">{previewText(m.body)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
