import type { ChatSearch } from '@cairn/shared/api/chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uiStore } from '../../../lib/ui-store';
import { chatStore, openChat } from '../store';
import { cora, discussion, json, lena, message, page, renderChat, rico, stubServer } from './chat.fixtures';

beforeEach(() => chatStore.set({ target: null, profile: false }));
afterEach(() => vi.restoreAllMocks());

describe('chat list', () => {
  it('caps unread counts at 9+, filters by type and marks an active filter with a dot', async () => {
    stubServer({
      '/api/chats': () => ({
        data: [
          discussion(3, 'Acme news', { type: 'company', channel: 'broadcast', unread: 12 }),
          discussion(2, 'Team Summit', { type: 'team', unread: 3 }),
          discussion(1, 'Rico Rival'),
        ],
      }),
    });
    renderChat();
    const items = await screen.findAllByTestId('discussion');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Acme news'),
      expect.stringContaining('Team Summit'),
      expect.stringContaining('Rico Rival'),
    ]);
    expect(within(items[0]).getByTestId('unread').textContent).toContain('9+');
    expect(within(items[1]).getByTestId('unread').textContent).toContain('3');
    expect(screen.queryByTestId('filter-dot')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'team');
    expect(screen.getAllByTestId('discussion').map((i) => i.textContent)).toEqual([
      expect.stringContaining('Team Summit'),
    ]);
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument();
  });

  it('searches from 2 characters only, shows the sections that have entries, and opens a contact’s new chat', async () => {
    const results: Record<string, ChatSearch> = {
      '/api/chatsSearch/search/co': { chats: [], contacts: [{ id: 9, name: 'Cora Coach', media: null }], messages: [] },
      '/api/chatsSearch/search/zz': { chats: [], contacts: [], messages: [] },
    };
    const calls = stubServer({
      '/api/chats': () => ({ data: [discussion(1, 'Rico Rival')] }),
      ...Object.fromEntries(Object.entries(results).map(([k, v]) => [k, () => ({ data: v })])),
    });
    renderChat();
    const box = await screen.findByRole('searchbox', { name: 'Search chats, contacts and messages' });
    await userEvent.type(box, 'c');
    expect(await screen.findAllByTestId('discussion')).toHaveLength(1);
    await userEvent.type(box, 'o');
    const contacts = await screen.findByRole('region', { name: 'Contacts' }, { timeout: 3000 });
    expect(screen.queryByRole('region', { name: 'Chats' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.includes('chatsSearch'))).toEqual(['/api/chatsSearch/search/co']);
    await userEvent.click(within(contacts).getByRole('button', { name: /Cora Coach/ }));
    expect(screen.getByRole('heading', { name: 'Cora Coach' })).toBeInTheDocument();
    expect(screen.getByText('Send the first message to start the conversation.')).toBeInTheDocument();
    // back: the query and its results are gone
    await userEvent.click(screen.getByRole('button', { name: 'Back to the chats' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');

    await userEvent.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('No results found', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('conversation', () => {
  it('shows grey, partly read and orange ticks on the own messages, read details only with more than 2 users', async () => {
    const team = discussion(1, 'Team Summit', { type: 'team', participants: [lena, rico, cora] });
    stubServer({
      '/api/chats': () => ({ data: [team] }),
      '/api/chats/1': () =>
        page(team, [
          message(1, 7, { read_status: { recipients: 2, read: 0 } }),
          message(2, 7, { read_status: { recipients: 2, read: 1 } }),
          message(3, 7, { read_status: { recipients: 2, read: 2 } }),
          message(4, 8, { read_status: { recipients: 2, read: 2 } }),
        ]),
    });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    renderChat();
    await screen.findAllByTestId('message');
    const ticks = screen.getAllByTestId('ticks');
    expect(ticks.map((t) => t.getAttribute('data-state'))).toEqual(['delivered', 'partly', 'read']);
    expect(ticks.map((t) => t.getAttribute('aria-label'))).toEqual(['Delivered', 'Read by 1 of 2', 'Read']);
    // three own messages have the details, Rico's message has neither ticks nor details
    expect(screen.getAllByText('Read status')).toHaveLength(3);
  });

  it('removes the audio player on a playback error and offers the file under its title and extension', async () => {
    const d = discussion(1, 'Rico Rival');
    const media = {
      id: 5,
      url: '/files/media/1/abc.ogg',
      title: 'Voice note',
      ext: 'ogg',
      metadata: { mimetype: 'audio/ogg' },
    };
    stubServer({
      '/api/chats': () => ({ data: [d] }),
      '/api/chats/1': () => page(d, [message(1, 8, { body: '', media })]),
    });
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    const { container } = renderChat();
    await screen.findByTestId('message');
    const audio = container.querySelector('audio');
    expect(audio).not.toBeNull();
    fireEvent.error(audio!);
    await waitFor(() => expect(container.querySelector('audio')).toBeNull());
    expect(screen.getByText('This recording cannot be played.')).toBeInTheDocument();
    // §9: the file-type icon names the kind of file, in the link's name too
    const link = screen.getByRole('link', { name: 'Audio Download Voice note.ogg' });
    expect(link.getAttribute('download')).toBe('Voice note.ogg');
    expect(within(link).getByRole('img', { name: 'Audio' })).toBeInTheDocument();
  });

  it('hides the composer where only the owners post', async () => {
    const news = discussion(2, 'Acme news', {
      type: 'company',
      channel: 'broadcast',
      repliable: false,
      can_post: false,
    });
    stubServer({ '/api/chats': () => ({ data: [news] }), '/api/chats/2': () => page(news, [message(1, 9)]) });
    act(() => chatStore.set({ target: { discussionId: 2 }, profile: false }));
    renderChat();
    expect(await screen.findByText('Only the owners of this channel post here.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it("a broadcast's profile shows a member its owners and the number of participants", async () => {
    const news = discussion(2, 'Acme news', {
      type: 'company',
      channel: 'broadcast',
      repliable: false,
      can_post: false,
      participants: [cora, lena],
      participant_count: 5003,
    });
    stubServer({ '/api/chats': () => ({ data: [news] }), '/api/chats/2': () => page(news, [message(1, 9)]) });
    act(() => chatStore.set({ target: { discussionId: 2 }, profile: true }));
    renderChat();
    const section = await screen.findByRole('region', { name: 'Participants' });
    expect(within(section).getByText('5003 participants')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('sending', () => {
  it('sends one idempotency key per message, the same again when a failed message is sent again', async () => {
    const d = discussion(1, 'Rico Rival');
    const sent: { client_id: string; body: string }[] = [];
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/chats') return json({ data: [d] });
        if (url === '/api/chats/1') return json(page(d, [message(1, 8)]));
        if (url === '/api/messages') {
          sent.push(JSON.parse(String(init?.body)));
          if (fail) return json({ message: 'Something went wrong on our side', code: 'internal_error' }, 500);
          return json({ data: message(2, 7, { body: sent.at(-1)!.body }) });
        }
        return json({ message: 'nope', code: 'not_found' }, 404);
      }),
    );
    act(() => chatStore.set({ target: { discussionId: 1 }, profile: false }));
    renderChat();
    const input = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(input.value).toBe(''));
    await user.type(input, 'Next');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent.filter((b) => b.body === 'Next')).toHaveLength(1));
    const [first, retry, next] = [sent[0], sent.findLast((b) => b.body === 'Hello')!, sent.at(-1)!];
    expect(first.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry.client_id).toBe(first.client_id);
    expect(next.client_id).not.toBe(first.client_id);
  });
});

describe('openChat', () => {
  it('opens a new chat with a user, the composer prefilled with the draft (sendTrail)', async () => {
    stubServer({ '/api/chats': () => ({ data: [discussion(1, 'Rico Rival')] }) });
    act(() => openChat({ userId: 9, name: 'Cora Coach', draft: 'About the Demo exam' }));
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Cora Coach' })).toBeInTheDocument();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement).value).toBe('About the Demo exam');
    // no attachment before the chat exists: the first message creates it
    expect(screen.queryByRole('button', { name: 'Attach a file' })).not.toBeInTheDocument();
  });

  it('opens the existing one-to-one chat of a user instead of a new one', async () => {
    const d = discussion(1, 'Rico Rival');
    stubServer({ '/api/chats': () => ({ data: [d] }), '/api/chats/1': () => page(d, [message(1, 8)]) });
    act(() => openChat({ userId: 8 }));
    renderChat();
    expect(await screen.findByText('message 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeInTheDocument();
  });

  it('starts a chat with a user known only by id, and says no_results_found when the server does not know them', async () => {
    const calls = stubServer({ '/api/chats': () => ({ data: [] }) });
    act(() => openChat({ userId: 99 }));
    renderChat();
    expect(await screen.findByRole('heading', { name: 'New conversation' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(calls).toContain('/api/messages');
  });

  it('opens the side panel on the chats tab with the target', () => {
    openChat({ userId: 9, name: 'Cora Coach' });
    expect(uiStore.get().panel).toBe('chats');
    expect(chatStore.get().target).toEqual({ userId: 9, name: 'Cora Coach' });
  });
});
