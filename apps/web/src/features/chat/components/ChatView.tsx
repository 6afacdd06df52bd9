import type { ChatUser, Discussion, Message } from '@cairn/shared/api/chat';
import { CHAT_ATTACHMENT_ACCEPT, isChatAttachmentType } from '@cairn/shared/chat';
import { badgeText, CHAT_MESSAGE_MAX, SEARCH_MIN_CHARS, TIMINGS } from '@cairn/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';
import { useLocale } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Spinner } from '../../../ui/Spinner';
import { useProfile } from '../../account/api';
import {
  chatsKey,
  flattenMessages,
  messageKeys,
  refreshChats,
  sendBroadcast,
  sendFile,
  sendText,
  useChatSearch,
  useDiscussion,
  useDiscussions,
} from '../api';
import { type ChatTarget, chatUi, useChatUi } from '../store';
import { BackButton, ProfileView } from './ProfileView';

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
      <div className="flex items-end gap-2">
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
  const preview = last ? last.body || last.media?.title || '' : '';
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

function SearchResults({ query, onOpened }: { query: string; onOpened: () => void }) {
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
                    <span className="truncate text-sm text-slate-600">{m.body}</span>
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

  // the newest message comes into view when it arrives (not when older pages load above)
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest !== undefined && highlight === null) {
      document.getElementById(`message-${newest}`)?.scrollIntoView?.({ block: 'end' });
    }
  }, [newest, highlight]);

  const draft = !('discussionId' in target) && resolved.discussionId === null && !resolved.pending;
  const draftName = 'userId' in target ? target.name : undefined;
  const name = first?.name ?? draftName ?? t('newChatTitle');
  const [unknown, setUnknown] = useState(false);

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
    <div className="flex h-full flex-col gap-2">
      <div className="flex items-center gap-2 border-b border-slate-200 pb-2">
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
      </div>
      <div className="flex-1">
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
          onNotFound={() => setUnknown(true)}
          onSent={(discussionId) => {
            refreshChats(qc, discussionId);
            if (draft) chatUi.open({ discussionId });
          }}
        />
      )}
    </div>
  );
}

/** §4 read status: grey double tick delivered, half orange partly read, orange double tick read by all. */
function Ticks({ m }: { m: Message }) {
  const { t } = useTranslation('chat');
  const { read, recipients } = m.read_status;
  const state = read === 0 ? 'delivered' : read < recipients ? 'partly' : 'read';
  const label =
    state === 'delivered'
      ? t('ticks.delivered')
      : state === 'read'
        ? t('ticks.read')
        : t('ticks.partly', { read, total: recipients });
  const first = state === 'delivered' ? 'text-slate-400' : 'text-accent-ink';
  const second = state === 'read' ? 'text-accent-ink' : 'text-slate-400';
  return (
    <span role="img" aria-label={label} data-testid="ticks" data-state={state} className="inline-flex">
      <svg viewBox="0 0 24 16" className="h-3 w-5" aria-hidden="true" fill="none" strokeWidth="2" strokeLinecap="round">
        <path d="M1 8l4 4 8-9" className={first} stroke="currentColor" />
        <path d="M9 12l1 0 9-9" className={second} stroke="currentColor" />
      </svg>
    </span>
  );
}

function Attachment({ m }: { m: Message }) {
  const { t } = useTranslation('chat');
  const [audioFailed, setAudioFailed] = useState(false);
  const media = m.media;
  if (!media) return null;
  const type = media.metadata.mimetype;
  const fileName = `${media.title}.${media.ext}`;
  if (type.startsWith('image/')) {
    return (
      <a href={media.url} download={fileName} aria-label={t('download', { name: fileName })}>
        <img src={media.url} alt={media.title} className="max-h-48 max-w-full rounded-lg" loading="lazy" />
      </a>
    );
  }
  const download = (
    <a
      href={media.url}
      download={fileName}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 underline"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5 shrink-0"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 2h9l5 5v15H6z" />
        <path d="M14 2v6h6" />
      </svg>
      <span className="truncate">{t('download', { name: fileName })}</span>
    </a>
  );
  if (type.startsWith('audio/')) {
    return (
      <div className="flex flex-col gap-1">
        {audioFailed ? (
          <p className="text-sm text-slate-700">{t('audioUnavailable')}</p>
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: user recordings have no captions
          <audio
            controls
            src={media.url}
            aria-label={media.title}
            onError={() => setAudioFailed(true)}
            className="max-w-full"
          />
        )}
        {download}
      </div>
    );
  }
  return download;
}

function MessageItem({
  m,
  mine,
  users,
  highlighted,
}: {
  m: Message;
  mine: boolean;
  users: ChatUser[];
  highlighted: boolean;
}) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const date = new Date(m.created_at);
  const when = Number.isNaN(date.getTime())
    ? m.readable_created_at
    : new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  const readers = users.filter(
    (u) => u.id !== m.sender_id && u.read_message_at !== null && new Date(u.read_message_at) >= date,
  );
  const others = users.filter((u) => u.id !== m.sender_id);
  return (
    <li
      id={`message-${m.id}`}
      data-testid="message"
      data-highlighted={highlighted || undefined}
      className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 ${mine ? 'bg-accent/15' : 'bg-slate-100'} ${
          highlighted ? 'ring-2 ring-accent' : ''
        }`}
      >
        <p className="text-xs font-semibold text-slate-700">{mine ? t('you') : m.sender_name}</p>
        {m.body && <p className="whitespace-pre-wrap break-words text-slate-900">{m.body}</p>}
        <Attachment m={m} />
        <p className="mt-1 flex items-center justify-end gap-1 text-xs text-slate-600">
          <time dateTime={m.created_at}>{when}</time>
          {mine && <Ticks m={m} />}
        </p>
        {mine && users.length > 2 && (
          <details className="text-xs text-slate-700">
            <summary className="cursor-pointer">{t('readStatus')}</summary>
            <ul>
              {others.map((u) => (
                <li key={u.id}>
                  {u.name}: {readers.includes(u) ? t('ticks.read') : t('notRead')}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}

function Composer({
  target,
  channel,
  initial,
  onNotFound,
  onSent,
}: {
  target: { discussionId: number } | { userId: number };
  channel: 'chat' | 'broadcast';
  initial: string;
  onNotFound: () => void;
  onSent: (discussionId: number) => void;
}) {
  const { t } = useTranslation('chat');
  const [body, setBody] = useState(initial.slice(0, CHAT_MESSAGE_MAX));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // one idempotency key per message, reused when the same message is sent again after a failure
  const [keys] = useState(messageKeys);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const counterId = useId();

  const image = file?.type.startsWith('image/') ? file : null;
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const clearFile = () => {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  function pick(f: File | undefined) {
    if (!f) return;
    if (!isChatAttachmentType(f.type, f.name)) {
      notify.error(t('upload_correct_file_type'));
      clearFile();
      return;
    }
    setFile(f);
  }

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const text = body.trim();
    if (sending || (!text && !file)) return;
    setSending(true);
    try {
      let discussionId: number;
      if (file && 'discussionId' in target) {
        await sendFile(channel, target.discussionId, file, text);
        discussionId = target.discussionId;
      } else if (channel === 'broadcast' && 'discussionId' in target) {
        const key = keys.keyFor(JSON.stringify([channel, target, text]));
        discussionId = (await sendBroadcast(target.discussionId, text, key)).discussion_id;
      } else {
        discussionId = (await sendText(target, text, keys.keyFor(JSON.stringify([channel, target, text]))))
          .discussion_id;
      }
      keys.sent();
      setBody('');
      clearFile();
      onSent(discussionId);
    } catch (err) {
      // 415 and friends: the http client has already shown the catalogue's message
      if (err instanceof HttpError && err.status === 415) notify.error(t('upload_correct_file_type'));
      if (err instanceof HttpError && err.status === 404) onNotFound();
    } finally {
      setSending(false);
    }
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' && !e.shiftKey) void send(e);
  }

  return (
    <form onSubmit={send} className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-200 bg-white pt-2">
      {file && (
        <div data-testid="file-preview" className="flex items-center gap-2 rounded-lg bg-slate-100 p-2">
          {preview ? (
            <img src={preview} alt={file.name} className="size-12 rounded object-cover" />
          ) : (
            <span className="truncate text-sm text-slate-900">{file.name}</span>
          )}
          <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{preview ? file.name : ''}</span>
          <button
            type="button"
            onClick={clearFile}
            aria-label={t('composer.remove')}
            className="flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
          >
            <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
      <div className="flex items-center gap-1">
        {'discussionId' in target && (
          <>
            <input
              ref={fileRef}
              type="file"
              accept={CHAT_ATTACHMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="chat-file"
              onChange={(e) => pick(e.target.files?.[0])}
            />
            <button
              type="button"
              onClick={() => fileRef.current?.click()}
              aria-label={t('composer.attach')}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M21 12l-8.5 8.5a5 5 0 0 1-7-7L14 5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 8" />
              </svg>
            </button>
          </>
        )}
        <label htmlFor={inputId} className="sr-only">
          {t('composer.label')}
        </label>
        <input
          id={inputId}
          value={body}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKey}
          placeholder={t('composer.placeholder')}
          aria-describedby={counterId}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={sending || (!body.trim() && !file)}
          aria-label={t('composer.send')}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent disabled:opacity-50"
        >
          <svg viewBox="0 0 24 24" className="size-5 rtl:rotate-180" aria-hidden="true" fill="currentColor">
            <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
          </svg>
        </button>
      </div>
      <p id={counterId} className="text-end text-xs text-slate-600">
        {t('composer.counter', { count: [...body].length, max: CHAT_MESSAGE_MAX })}
      </p>
    </form>
  );
}
