import type { ChatUser } from '@cairn/shared/api/chat';
import { SEARCH_MIN_CHARS } from '@cairn/shared/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { Spinner } from '../../../ui/Spinner';
import { useRoomSearch } from '../api';
import { previewText } from '../trail-card';

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent';

/** The header's magnifier: shows or hides the search inside the open conversation. */
export function RoomSearchToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-label={t('roomSearch.toggle')}
      className={iconButton}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-4-4" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * Search inside the open conversation (§2, §5, §7): from 2 characters, 1 s after the last keystroke, through
 * GET /api/chats/search/discussions/{room}/{query}; fewer characters empty the results. Choosing a hit hands its
 * message to the conversation, which scrolls to it and highlights it for 5 s, and closes the search.
 */
export function RoomSearch({
  room,
  name,
  users,
  meId,
  onFound,
  onClose,
}: {
  room: number;
  name: string;
  users: ChatUser[];
  meId: number | undefined;
  onFound: (messageId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim());
  const long = (s: string) => [...s].length >= SEARCH_MIN_CHARS;
  const searchFor = long(query.trim()) && long(debounced) ? debounced : '';
  const search = useRoomSearch(room, searchFor);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const sender = (id: number) => (id === meId ? t('you') : (users.find((u) => u.id === id)?.name ?? ''));

  return (
    <search data-testid="room-search" className="flex shrink-0 flex-col gap-1 border-b border-slate-200 pb-2">
      <div className="flex items-center gap-1">
        <label htmlFor={inputId} className="sr-only">
          {t('roomSearch.label', { name })}
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onClose()}
          placeholder={t('roomSearch.placeholder')}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button type="button" onClick={onClose} aria-label={t('roomSearch.close')} className={iconButton}>
          <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {searchFor &&
        (search.isPending ? (
          <Spinner label={t('loading')} />
        ) : !search.data || search.data.length === 0 ? (
          <p className="py-2 text-center text-sm text-slate-600">{t('no_results_found')}</p>
        ) : (
          <ul aria-label={t('roomSearch.results')} className="flex max-h-48 flex-col overflow-y-auto">
            {search.data.map((hit) => (
              <li key={hit.id}>
                <button
                  type="button"
                  onClick={() => onFound(hit.id)}
                  className="flex w-full min-w-0 flex-col rounded-lg px-2 py-1 text-start hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span className="truncate text-xs font-semibold text-slate-700">{sender(hit.sender_id)}</span>
                  <span className="truncate text-sm text-slate-900">{previewText(hit.body)}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </search>
  );
}
