import type { Message } from '@cairn/shared/api/chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatStore, openChat } from '../store';
import { parseTrailCard, previewText, trailCardLine, withTrailCard } from '../trail-card';
import { cora, discussion, json, lena, message, renderChat } from './chat.fixtures';

beforeEach(() => chatStore.set({ target: null, profile: false }));
afterEach(() => vi.restoreAllMocks());

/** A server that records each call (method, path and JSON body) and answers from `routes`. */
function serve(routes: Record<string, (body: unknown) => unknown>) {
  const calls: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ call, body });
      const answer = routes[call];
      return answer ? json(answer(body)) : json({ message: 'nope', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

const paged = (d: ReturnType<typeof discussion>, messages: Message[], current: number) => ({
  data: { ...d, messages, pagination: { total: 20, total_pages: 2, current_page: current, per_page: 10 } },
});

describe('search inside an open conversation (§2, §5, §7)', () => {
  it('searches from 2 characters, 1 s after the last keystroke; a hit is loaded, scrolled to and highlighted for 5 s', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const d = discussion(1, 'Rico Rival');
    const newest = Array.from({ length: 10 }, (_, i) => message(11 + i, 8));
    const older = Array.from({ length: 10 }, (_, i) => message(1 + i, i % 2 ? 7 : 8));
    const calls = serve({
      'GET /api/chats': () => ({ data: [d] }),
      'GET /api/chats/1': () => paged(d, newest, 1),
      'GET /api/chats/1/2': () => paged(d, older, 2),
      'GET /api/chats/search/discussions/1/mess': () => ({
        data: [{ id: 3, discussion_id: 1, discussion_name: 'Rico Rival', sender_id: 8, body: 'message 3' }],
      }),
      'GET /api/chats/search/discussions/1/zz': () => ({ data: [] }),
    });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    renderChat();
    await screen.findAllByTestId('message');
    const toggle = screen.getByRole('button', { name: 'Search in this conversation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const box = screen.getByRole('searchbox', { name: 'Search the messages of Rico Rival' });
    expect(box).toHaveFocus();
    const searched = () => calls.filter((c) => c.call.includes('/search/discussions/')).map((c) => c.call);

    // one character: nothing is asked; then the whole word, typed quickly, is asked once
    await userEvent.type(box, 'm');
    await new Promise((r) => setTimeout(r, 1200));
    expect(searched()).toEqual([]);
    await userEvent.type(box, 'ess');
    const hits = await screen.findByRole('list', { name: 'Messages found' }, { timeout: 3000 });
    expect(searched()).toEqual(['GET /api/chats/search/discussions/1/mess']);

    // the hit is on an older page: it is loaded, scrolled to and highlighted; the search closes
    await userEvent.click(within(hits).getByRole('button', { name: /Rico Rival.*message 3/ }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('message-3')).toHaveAttribute('data-highlighted', 'true'));
    expect(calls.map((c) => c.call)).toContain('GET /api/chats/1/2');
    expect(scrolled).toContain('message-3');
    await waitFor(() => expect(document.getElementById('message-3')).not.toHaveAttribute('data-highlighted'), {
      timeout: 6000,
    });

    // nothing found says so; Escape closes the search
    await userEvent.click(toggle);
    await userEvent.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('No results found', {}, { timeout: 3000 })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  }, 20_000);
});

describe('sendTrail: the chat opened beside a trail result carries the trail as a card', () => {
  const trail = { id: 3, userId: 7, name: 'Demo exam' };
  const coachChat = discussion(4, 'Cora Coach', { type: 'coach', participants: [lena, cora] });

  it('the first message sent carries the card; the card links to the result; the next message does not', async () => {
    let next = 30;
    const calls = serve({
      'GET /api/chats': () => ({ data: [coachChat] }),
      'GET /api/chats/4': () => ({
        data: { ...coachChat, messages: [], pagination: { total: 0, total_pages: 1, current_page: 1, per_page: 10 } },
      }),
      'POST /api/messages': (body) => ({
        data: message(next++, 7, { discussion_id: 4, body: (body as { body: string }).body }),
      }),
    });
    act(() => openChat({ userId: 9, name: 'Cora Coach', trail }));
    renderChat();
    const draft = await screen.findByTestId('trail-card-draft');
    expect(draft).toHaveTextContent('Demo exam');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Could we go through it?{Enter}');
    const card = await screen.findByRole('link', { name: 'Open the trail result Demo exam' });
    expect(card).toHaveAttribute('href', '/results/3?user=7');
    const sent = calls.filter((c) => c.call === 'POST /api/messages').map((c) => (c.body as { body: string }).body);
    expect(sent).toEqual(['Could we go through it?\n[Demo exam](/results/3?user=7)']);
    expect(screen.getByText('Could we go through it?')).toBeInTheDocument();
    expect(screen.queryByTestId('trail-card-draft')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks{Enter}');
    await screen.findByText('Thanks');
    expect(calls.filter((c) => c.call === 'POST /api/messages').map((c) => (c.body as { body: string }).body)).toEqual([
      sent[0],
      'Thanks',
    ]);
  });

  it('the card can be left out before sending, and leaves room for it in the 255 characters', async () => {
    const calls = serve({
      'GET /api/chats': () => ({ data: [coachChat] }),
      'GET /api/chats/4': () => ({
        data: { ...coachChat, messages: [], pagination: { total: 0, total_pages: 1, current_page: 1, per_page: 10 } },
      }),
      'POST /api/messages': (body) => ({ data: message(31, 7, { discussion_id: 4, ...(body as object) }) }),
    });
    act(() => openChat({ userId: 9, name: 'Cora Coach', trail }));
    renderChat();
    await screen.findByTestId('trail-card-draft');
    const room = 255 - trailCardLine(trail).length - 1;
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('maxLength', String(room));
    await userEvent.click(screen.getByRole('button', { name: 'Leave out the trail result Demo exam' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('maxLength', '255');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Just hello{Enter}');
    await screen.findByText('Just hello');
    expect(calls.filter((c) => c.call === 'POST /api/messages').map((c) => (c.body as { body: string }).body)).toEqual([
      'Just hello',
    ]);
    expect(screen.queryByRole('link', { name: /Open the trail result/ })).not.toBeInTheDocument();
  });

  it('reads a card back from a body, whatever the name holds, and previews it by the trail name', () => {
    const odd = { id: 12, userId: 40, name: 'Exam [part 2]\n(final)' };
    const body = withTrailCard('Look', odd);
    expect(parseTrailCard(body)).toEqual({ text: 'Look', trail: { id: 12, userId: 40, name: 'Exam  part 2   final' } });
    expect(parseTrailCard('[x](/results/1)')).toEqual({ text: '[x](/results/1)', trail: null });
    expect(parseTrailCard('[x](https://evil.example/results/1?user=2)').trail).toBeNull();
    expect(previewText(withTrailCard('', { id: 3, userId: 7, name: 'Demo exam' }))).toBe('Demo exam');
    expect(previewText('plain')).toBe('plain');
  });
});
