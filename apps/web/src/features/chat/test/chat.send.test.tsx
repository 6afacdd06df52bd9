import type { Message } from '@cairn/shared/api/chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discussionKey } from '../api';
import { chatStore } from '../store';
import { cora, discussion, json, lena, message, page, renderChat, rico, stubServer } from './chat.fixtures';

beforeEach(() => chatStore.set({ target: null, profile: false }));
afterEach(() => vi.restoreAllMocks());

/** The server of one discussion that records every call (method and path) and answers sends with `sent`. */
function serve(d: ReturnType<typeof discussion>, initial: Message[], answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push(call);
      if (call === 'GET /api/chats') return json({ data: [d] });
      if (call === `GET /api/chats/${d.id}`) return json(page(d, initial));
      const answer = answers[call];
      return answer ? json(answer()) : json({ message: 'nope', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

const opened = (calls: string[], id: number) => calls.filter((c) => c === `GET /api/chats/${id}`).length;

describe('a sent message is read by its id, not by reading the discussion again (§2, §5, §7)', () => {
  it('a text: the answer of POST /api/messages joins the conversation', async () => {
    const d = discussion(1, 'Rico Rival');
    const calls = serve(d, [message(1, 8)], {
      'POST /api/messages': () => ({ data: message(2, 7, { body: 'Hi Rico' }) }),
    });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    renderChat();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi Rico{Enter}');
    expect(await screen.findByText('Hi Rico')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(opened(calls, 1)).toBe(1);
  });

  it('an attachment: POST /chats/messages answers the id, then GET /api/messages/{id}', async () => {
    const d = discussion(1, 'Rico Rival');
    const calls = serve(d, [message(1, 8)], {
      'POST /chats/messages': () => ({ data: { id: 5 } }),
      'GET /api/messages/5': () => ({ data: message(5, 7, { body: 'my notes' }) }),
    });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    renderChat();
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByTestId('chat-file'), file);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'my notes{Enter}');
    expect(await screen.findByText('my notes')).toBeInTheDocument();
    expect(calls).toContain('GET /api/messages/5');
    expect(opened(calls, 1)).toBe(1);
  });

  it("a broadcast's attachment, by its owner: GET /api/broadcasts/{id}", async () => {
    const news = discussion(2, 'Acme news', {
      type: 'company',
      channel: 'broadcast',
      repliable: false,
      can_post: true,
      participants: [lena, cora],
    });
    const calls = serve(news, [message(1, 7, { type: 'broadcast', discussion_id: 2 })], {
      'POST /chats/broadcasts': () => ({ data: { id: 6 } }),
      'GET /api/broadcasts/6': () => ({
        data: message(6, 7, { type: 'broadcast', discussion_id: 2, body: 'Handbook' }),
      }),
    });
    act(() => chatStore.set({ target: { discussionId: 2 }, profile: false }));
    renderChat();
    const file = new File(['%PDF-1.4'], 'handbook.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByTestId('chat-file'), file);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Handbook{Enter}');
    expect(await screen.findByText('Handbook')).toBeInTheDocument();
    expect(calls).toContain('GET /api/broadcasts/6');
    expect(calls).not.toContain('GET /api/messages/6');
    expect(opened(calls, 2)).toBe(1);
  });
});

describe('team profile (§6)', () => {
  it('lists the participants with their email, without the spec placeholder braces', async () => {
    const team = discussion(1, 'Team Summit', { type: 'team', participants: [cora, lena, rico] });
    stubServer({ '/api/chats': () => ({ data: [team] }), '/api/chats/1': () => page(team, [message(1, 8)]) });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: true }));
    renderChat();
    const section = await screen.findByRole('region', { name: 'Participants' });
    const ricoItem = within(section)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Rico Rival'))!;
    expect(within(ricoItem).getByText('rico@example.com')).toBeInTheDocument();
    expect(section.textContent).not.toMatch(/[{}]/);
  });
});

describe('scrolling: the conversation sticks to its newest message', () => {
  const HEIGHT = 2000;
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(HEIGHT);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  });

  it('at the end on open, after a send and after a received message; the list scrolls, not the composer', async () => {
    const d = discussion(1, 'Rico Rival');
    const initial = Array.from({ length: 10 }, (_, i) => message(i + 1, i % 2 ? 7 : 8));
    serve(d, initial, { 'POST /api/messages': () => ({ data: message(11, 7, { body: 'sent now' }) }) });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    const { queryClient } = renderChat();
    const scroller = await screen.findByTestId('chat-scroller');
    await screen.findByText('message 10');
    // open
    expect(scroller.scrollTop).toBe(HEIGHT);
    // the composer is outside the scrolling list: it can never slide under it
    expect(scroller.contains(screen.getByRole('textbox', { name: 'Message' }))).toBe(false);
    expect(scroller.className).toMatch(/overflow-y-auto/);

    // the reader scrolls up; sending brings the end back
    act(() => {
      scroller.scrollTop = 100;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'x{Enter}');
    await screen.findByText('sent now');
    expect(scroller.scrollTop).toBe(HEIGHT);

    // a received message (the discussion's newest page now has it) brings the end back too
    act(() => {
      scroller.scrollTop = 100;
      scroller.dispatchEvent(new Event('scroll'));
    });
    act(() => {
      queryClient.setQueryData(discussionKey(1), {
        pages: [page(d, [...initial, message(11, 7, { body: 'sent now' }), message(12, 8, { body: 'got it' })]).data],
        pageParams: [1],
      });
    });
    await screen.findByText('got it');
    await waitFor(() => expect(scroller.scrollTop).toBe(HEIGHT));
  });
});
