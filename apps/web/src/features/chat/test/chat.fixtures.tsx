import type { User } from '@cairn/shared/api/accounts';
import type { ChatUser, Discussion, DiscussionPage, Message } from '@cairn/shared/api/chat';
import { vi } from 'vitest';
import { profileKey } from '../../../lib/profile';
import { renderRoutes } from '../../../test/render';
import ChatView from '../components/ChatView';

// the chat tests' people, messages, discussions and the server's answers (fetch is the boundary)
export const me = { id: 7, firstname: 'Lena', lastname: 'Learner', notifications: { chats: 0 } } as unknown as User;
export const person = (id: number, name: string, extra: Partial<ChatUser> = {}): ChatUser => ({
  id,
  name,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  owner: false,
  read_message_at: null,
  media: null,
  ...extra,
});
export const lena = person(7, 'Lena Learner', { read_message_at: '2026-03-02T12:00:00.000Z' });
export const rico = person(8, 'Rico Rival');
export const cora = person(9, 'Cora Coach', { owner: true });

export const message = (id: number, sender: number, extra: Partial<Message> = {}): Message => ({
  id,
  discussion_id: 1,
  sender_id: sender,
  sender_name: sender === 7 ? 'Lena Learner' : 'Rico Rival',
  body: `message ${id}`,
  type: 'chat',
  user_id: sender,
  media: null,
  read_status: { recipients: 1, read: 0 },
  created_at: '2026-03-02T10:00:00.000Z',
  readable_created_at: 'Mar 2, 2026, 10:00 AM',
  users: [lena, rico],
  ...extra,
});

export const discussion = (id: number, name: string, extra: Partial<Discussion> = {}): Discussion => ({
  id,
  type: 'individual',
  name,
  media: null,
  priority: 0,
  unread: 0,
  latestMessage: null,
  repliable: true,
  can_post: true,
  channel: 'chat',
  participants: [lena, rico],
  participant_count: extra.participants?.length ?? 2,
  ...extra,
});

export const page = (d: Discussion, messages: Message[]): { data: DiscussionPage } => ({
  data: { ...d, messages, pagination: { total: messages.length, total_pages: 1, current_page: 1, per_page: 10 } },
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function stubServer(routes: Record<string, () => unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const answer = routes[url];
      return answer ? json(answer()) : json({ message: 'nope', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

export function renderChat() {
  const utils = renderRoutes([{ path: '/games', element: <ChatView /> }], '/games');
  utils.queryClient.setQueryData(profileKey, me);
  return utils;
}
