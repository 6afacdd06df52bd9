import type { User } from '@cairn/shared/api/accounts';
import type { ChatSearch, Discussion, DiscussionPage, Message, MessageHit } from '@cairn/shared/api/chat';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileKey } from '../../lib/profile';

export const chatsKey = ['chats'] as const;
export const discussionKey = (id: number) => ['chats', 'discussion', id] as const;

/** GET /api/chats: the user's discussions, latest message first. */
export function useDiscussions(enabled = true) {
  return useQuery({
    queryKey: chatsKey,
    queryFn: () => http.get<{ data: Discussion[] }>('/api/chats').then((r) => r.data),
    enabled,
  });
}

/**
 * A discussion's messages, page 1 (the newest ten) through GET /api/chats/{id}, which marks them read; older
 * pages through GET /api/chats/{id}/{page}. A failure to open shows the server's message (§8), not a redirect.
 */
export function useDiscussion(id: number | null) {
  return useInfiniteQuery({
    queryKey: discussionKey(id ?? 0),
    enabled: id !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      http
        .get<{ data: DiscussionPage }>(pageParam === 1 ? `/api/chats/${id}` : `/api/chats/${id}/${pageParam}`, {
          handle: [404],
        })
        .then((r) => r.data),
    getNextPageParam: (last) =>
      last.pagination.current_page < last.pagination.total_pages ? last.pagination.current_page + 1 : undefined,
  });
}

/** All loaded messages, oldest first, each once (pages shift while messages arrive). */
export function flattenMessages(pages: DiscussionPage[] | undefined): Message[] {
  const byId = new Map<number, Message>();
  for (const p of pages ?? []) for (const m of p.messages) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function useChatSearch(query: string) {
  return useQuery({
    queryKey: ['chats', 'search', query],
    enabled: query.length > 0,
    queryFn: () =>
      http.get<{ data: ChatSearch }>(`/api/chatsSearch/search/${encodeURIComponent(query)}`).then((r) => r.data),
  });
}

/**
 * POST /api/messages. `clientId` is the message's idempotency key: made once per message and sent again with
 * every retry of it, so a send whose answer was lost is never stored twice.
 */
export function sendText(
  target: { discussionId: number } | { userId: number },
  body: string,
  clientId?: string,
): Promise<Message> {
  const payload = {
    body,
    client_id: clientId,
    ...('discussionId' in target ? { discussion_id: target.discussionId } : { user_id: target.userId }),
  };
  // an unknown user is the caller's to tell (no_results_found), not the catalogue's redirect
  return http.post<{ data: Message }>('/api/messages', payload, { handle: [404] }).then((r) => r.data);
}

export function sendBroadcast(discussionId: number, body: string, clientId?: string): Promise<Message> {
  return http
    .post<{ data: Message }>('/api/broadcasts', { body, discussion_id: discussionId, client_id: clientId })
    .then((r) => r.data);
}

/**
 * The idempotency key of the message being sent: the same while the same text goes to the same place (a retry
 * after a failure), a new one for anything else.
 */
export function messageKeys() {
  let pending: { what: string; id: string } | null = null;
  return {
    keyFor(what: string): string {
      if (pending?.what !== what) pending = { what, id: crypto.randomUUID() };
      return pending.id;
    },
    /** the message was stored: the next one gets a new key */
    sent(): void {
      pending = null;
    },
  };
}

/** POST /chats/messages or /chats/broadcasts: the attachment with its optional text. */
export function sendFile(channel: 'chat' | 'broadcast', discussionId: number, file: File, body: string) {
  const form = new FormData();
  form.append('discussion_id', String(discussionId));
  if (body) form.append('body', body);
  form.append('file', file);
  return http.post<{ data: { id: number } }>(channel === 'chat' ? '/chats/messages' : '/chats/broadcasts', form);
}

/**
 * GET /api/messages/{id} or GET /api/broadcasts/{id} (§7): one message, e.g. the one an attachment upload created
 * (that answer is only its id, §5).
 */
export function fetchMessage(channel: 'chat' | 'broadcast', id: number): Promise<Message> {
  const path = channel === 'chat' ? '/api/messages' : '/api/broadcasts';
  return http.get<{ data: Message }>(`${path}/${id}`).then((r) => r.data);
}

type Pages = { pages: DiscussionPage[]; pageParams: unknown[] };

/** Whether the loaded pages of the discussion hold the message already. */
export function hasMessage(qc: QueryClient, discussionId: number, messageId: number): boolean {
  const data = qc.getQueryData<Pages>(discussionKey(discussionId));
  return !!data?.pages.some((p) => p.messages.some((m) => m.id === messageId));
}

/**
 * A message just sent joins the open discussion's newest page in place: the discussion is not read again (§2, §7:
 * "then the message is fetched"), only the list and the counter, whose order and previews it changed.
 */
export function addSentMessage(qc: QueryClient, m: Message): void {
  qc.setQueryData<Pages>(discussionKey(m.discussion_id), (data) => {
    if (!data || data.pages.length === 0 || hasMessage(qc, m.discussion_id, m.id)) return data;
    const [first, ...older] = data.pages;
    const total = first.pagination.total + 1;
    const pagination = { ...first.pagination, total, total_pages: Math.ceil(total / first.pagination.per_page) };
    return { ...data, pages: [{ ...first, latestMessage: m, pagination, messages: [...first.messages, m] }, ...older] };
  });
  refreshChats(qc);
}

/** The header's chat counter: discussions with unread messages (the profile's `chats` counter). */
export function unreadChats(user: User | undefined): number {
  return user?.notifications?.chats ?? 0;
}

/** Something arrived or was read: the list, the counter and that discussion reload. */
export function refreshChats(qc: QueryClient, discussionId?: number): void {
  void qc.invalidateQueries({ queryKey: chatsKey, exact: true });
  void qc.invalidateQueries({ queryKey: profileKey });
  if (discussionId !== undefined) void qc.invalidateQueries({ queryKey: discussionKey(discussionId) });
}

/**
 * GET /api/chats/search/discussions/{room}/{query}: the messages of one discussion containing the query, newest
 * first (the caller passes a query of at least 2 characters, after the 1 s debounce).
 */
export function useRoomSearch(room: number, query: string) {
  return useQuery({
    queryKey: ['chats', 'search', 'room', room, query],
    enabled: query.length > 0,
    queryFn: () =>
      http
        .get<{ data: MessageHit[] }>(`/api/chats/search/discussions/${room}/${encodeURIComponent(query)}`)
        .then((r) => r.data),
  });
}
