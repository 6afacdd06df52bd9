import type { Discussion } from '@cairn/shared/api/chat';
import { badgeText, SEARCH_MIN_CHARS, TIMINGS } from '@cairn/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';
import { useProfile } from '../../../lib/use-profile';
import { Avatar } from '../../../ui/Avatar';
import { Spinner } from '../../../ui/Spinner';
import { addSentMessage, chatsKey, flattenMessages, refreshChats, useDiscussion, useDiscussions } from '../api';
import { useStickToNewest } from '../scroll';
import { type ChatTarget, chatUi, useChatUi } from '../store';
import { previewText } from '../trail-card';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { BackButton, ProfileView } from './ProfileView';
import { RoomSearch, RoomSearchToggle } from './RoomSearch';
import { SearchResults } from './SearchResults';

type Filter = 'all' | 'company' | 'team';

/** The §2 chat view of the side panel: the list (search, filter), a conversation, a participant profile. */
export default function ChatView() {
  const { target, profile } = useChatUi();
  if (target) return <Conversation key={JSON.stringify(target)} target={target} profile={profile} />;
  return <ChatList />;
}

function ChatList() {
  const { t } = useTranslation('chat');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const debounced = useDebounced(query.trim());
  const searching = [...query.trim()].length >= SEARCH_MIN_CHARS;
  const searchFor = searching && [...debounced].length >= SEARCH_MIN_CHARS ? debounced : '';
  const list = useDiscussions();
  const searchId = useId();
  const filterId = useId();

  const shown = (list.data ?? []).filter((d) => filter === 'all' || d.type === filter);

  return (
    <div className="flex flex-col gap-3">
      {/* §9: the search wrapper is 75 px high */}
      <div data-testid="chat-search" className="flex h-[75px] shrink-0 items-center gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="sr-only">
            {t('search.label')}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('search.placeholder')}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <div className="relative flex flex-col gap-1">
          <label htmlFor={filterId} className="sr-only">
            {t('filter.label')}
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            aria-describedby={filter !== 'all' ? `${filterId}-dot` : undefined}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
          >
            <option value="all">{t('filter.all')}</option>
            <option value="company">{t('filter.company')}</option>
            <option value="team">{t('filter.team')}</option>
          </select>
          {filter !== 'all' && (
            <span
              id={`${filterId}-dot`}
              data-testid="filter-dot"
              className="absolute -end-1 -top-1 size-3 rounded-full bg-accent ring-2 ring-white"
            >
              <span className="sr-only">{t('filter.active')}</span>
            </span>
          )}
        </div>
      </div>
      {searching ? (
        <SearchResults query={searchFor} onOpened={() => setQuery('')} />
      ) : list.isPending ? (
        <Spinner label={t('loading')} />
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('empty')}</p>
      ) : (
        <ul aria-label={t('title')} className="flex flex-col gap-1">
          {shown.map((d) => (
            <DiscussionItem key={d.id} d={d} onOpen={() => chatUi.open({ discussionId: d.id })} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DiscussionItem({ d, onOpen }: { d: Discussion; onOpen: () => void }) {
  const { t } = useTranslation('chat');
  const last = d.latestMessage;
  const preview = last ? previewText(last.body) || last.media?.title || '' : '';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="discussion"
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-start hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Avatar url={d.media} name={d.name} alt="" size={40} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline gap-2">
            <span className="truncate font-semibold text-slate-900">{d.name}</span>
            <span className="shrink-0 text-xs text-slate-600">{t(`types.${d.type}`)}</span>
          </span>
          <span className="truncate text-sm text-slate-600">{preview}</span>
        </span>
        {d.unread > 0 && (
          <span
            data-testid="unread"
            className="min-w-6 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold text-white"
          >
            <span aria-hidden="true">{badgeText(d.unread)}</span>
            <span className="sr-only">{t('unread', { count: d.unread })}</span>
          </span>
        )}
      </button>
    </li>
  );
}

/** Resolves a target to a discussion: a known id, the user's one-to-one chat, or a chat still to be created. */
function useResolved(target: ChatTarget) {
  const list = useDiscussions();
  if ('discussionId' in target) return { discussionId: target.discussionId, pending: false };
  const existing = list.data?.find(
    (d) => (d.type === 'individual' || d.type === 'coach') && d.participants.some((p) => p.id === target.userId),
  );
  return { discussionId: existing?.id ?? null, pending: list.isPending };
}

function Conversation({ target, profile }: { target: ChatTarget; profile: boolean }) {
  const { t } = useTranslation('chat');
  const qc = useQueryClient();
  const resolved = useResolved(target);
  const query = useDiscussion(resolved.discussionId);
  const first = query.data?.pages[0];
  const messages = useMemo(() => flattenMessages(query.data?.pages), [query.data]);
  const { data: me } = useProfile();
  const [highlight, setHighlight] = useState<number | null>('highlight' in target ? (target.highlight ?? null) : null);

  // opening a discussion read it: the list and the header counter follow
  useEffect(() => {
    if (first) {
      void qc.invalidateQueries({ queryKey: chatsKey, exact: true });
      void qc.invalidateQueries({ queryKey: ['profile'] });
    }
  }, [first, qc]);

  // a failure to open shows the server's message and returns to the list (§8)
  useEffect(() => {
    if (query.error) {
      notify.error(query.error instanceof HttpError ? errorText(query.error.body) : t('no_results_found'));
      chatUi.back();
    }
  }, [query.error, t]);

  // a searched message: load older pages until it is there, then highlight it for 5 s
  const found = highlight !== null && messages.some((m) => m.id === highlight);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (highlight !== null && !found && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [highlight, found, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (highlight === null || !found) return;
    document.getElementById(`message-${highlight}`)?.scrollIntoView?.({ block: 'center' });
    const id = setTimeout(() => setHighlight(null), TIMINGS.searchHighlightMs);
    return () => clearTimeout(id);
  }, [highlight, found]);

  // the conversation sticks to its newest message: on open, send and receive (not when older pages load above)
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useStickToNewest(scroller, content, messages.at(-1)?.id, highlight !== null);

  const draft = !('discussionId' in target) && resolved.discussionId === null && !resolved.pending;
  const draftName = 'userId' in target ? target.name : undefined;
  const name = first?.name ?? draftName ?? t('newChatTitle');
  const [unknown, setUnknown] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  // a user the server does not know as a contact (it answered the first message with 404)
  if (unknown) {
    return (
      <div className="flex flex-col gap-3">
        <BackButton />
        <p className="py-6 text-center text-slate-600">{t('no_results_found')}</p>
      </div>
    );
  }
  if (!draft && !first) return <Spinner label={t('loading')} />;

  if (profile && first)
    return (
      <ProfileView
        name={first.name}
        media={first.media}
        type={first.type}
        users={first.participants}
        count={first.participant_count}
      />
    );

  return (
    <div className="flex h-full min-h-0 flex-1 flex-col gap-2">
      <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 pb-2">
        <BackButton />
        {first ? (
          <button
            type="button"
            onClick={chatUi.showProfile}
            aria-label={t('showProfile', { name })}
            className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg px-1 hover:bg-slate-100"
          >
            <Avatar url={first.media} name={name} alt="" size={32} />
            <h2 className="truncate font-bold text-slate-900">{name}</h2>
          </button>
        ) : (
          <h2 className="truncate font-bold text-slate-900">{name}</h2>
        )}
        {first && (
          <span className="ms-auto">
            <RoomSearchToggle open={searchOpen} onToggle={() => setSearchOpen((o) => !o)} />
          </span>
        )}
      </div>
      {first && searchOpen && (
        <RoomSearch
          room={first.id}
          name={name}
          users={first.participants}
          meId={me?.id}
          onClose={() => setSearchOpen(false)}
          onFound={(id) => {
            setSearchOpen(false);
            setHighlight(id);
          }}
        />
      )}
      {/* the messages scroll between the header and the composer, never under it */}
      <div ref={scroller} data-testid="chat-scroller" className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div ref={content}>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-900 underline hover:bg-slate-100"
              >
                {t('loadMore')}
              </button>
            </div>
          )}
          {draft ? (
            <p className="py-6 text-center text-slate-600">{t('newChat')}</p>
          ) : messages.length === 0 ? (
            <p className="py-6 text-center text-slate-600">{t('noMessages')}</p>
          ) : (
            <ol aria-label={t('sections.messages')} className="flex flex-col gap-2">
              {messages.map((m) => (
                <MessageItem
                  key={m.id}
                  m={m}
                  mine={m.sender_id === me?.id}
                  users={first?.participants ?? []}
                  highlighted={m.id === highlight}
                />
              ))}
            </ol>
          )}
        </div>
      </div>
      {first && !first.can_post ? (
        <p className="rounded-lg bg-slate-100 p-2 text-sm text-slate-700">{t('composer.ownersOnly')}</p>
      ) : (
        <Composer
          target={
            resolved.discussionId !== null
              ? { discussionId: resolved.discussionId }
              : { userId: (target as { userId: number }).userId }
          }
          channel={first?.channel ?? 'chat'}
          initial={target.draft ?? ''}
          trail={target.trail ?? null}
          onNotFound={() => setUnknown(true)}
          onSent={(message, discussionId) => {
            // the new chat opens (and reads itself); in an open one the sent message joins it in place
            if (draft) {
              refreshChats(qc);
              chatUi.open({ discussionId });
            } else if (message) addSentMessage(qc, message);
            else refreshChats(qc, discussionId);
          }}
        />
      )}
    </div>
  );
}
