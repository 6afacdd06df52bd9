import type { User } from '@cairn/shared/api/accounts';
import type { AppNotification, NotificationsPage } from '@cairn/shared/api/results';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../app/shell/Header';
import { profileKey } from '../../../lib/profile';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { battlePopupStore, datePopupStore } from '../../battles';
import { rewardsUi, rewardsUiStore } from '../../rewards';
import NotificationList from '../components/NotificationList';

const user = (unread: number): User => ({
  id: 7,
  real_id: 7,
  email: 'learner@example.com',
  firstname: 'Lea',
  lastname: 'Learner',
  mobile: null,
  birth: null,
  avatar: [],
  cover: null,
  nationality_id: null,
  is_root: false,
  is_coach: false,
  is_admin: false,
  is_paused: 0,
  roles: [{ name: 'learner', level: 100 }],
  logins: 3,
  active: true,
  notifications: { home: 0, me: 0, chats: 0, notifications: unread },
  supported_languages: [],
  fields: [],
  customer: null,
  base_url: 'http://localhost',
  language: 'en',
  trail_id: null,
  created_at: '2026-01-01T10:00:00.000Z',
  readable_created_at: 'January 1, 2026',
  profile_completion: 0,
  discussions: 0,
  vault_relations: [],
  my_vault: null,
  accessible_trails: 0,
  in_accessible_trails: 0,
  notification_chat: 0,
  first_reward_seen: false,
  deleted_at: null,
  updated_at: '2026-01-01T10:00:00.000Z',
});

const notification = (id: number, n: Partial<AppNotification> = {}): AppNotification => ({
  id,
  // an event without a popup of its own: opening it goes to its trail
  event: 'NOTIFY_OTHER',
  read_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  data: { trail_id: 5, trail: 'Demo exam' },
  ...n,
});

const pageOf = (items: AppNotification[], total: number, page = 1, unread = 0): NotificationsPage => ({
  data: items,
  meta: { pagination: { total, total_pages: Math.ceil(total / 15), current_page: page, per_page: 15 } },
  unread,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A fake server: `routes` maps a URL to its answer; every call is recorded. */
function stubServer(routes: Record<string, () => unknown>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    calls.push(url);
    const answer = routes[url];
    return answer ? json(answer()) : new Response(JSON.stringify({ message: 'nope' }), { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderList(unread = 0) {
  const utils = renderRoutes(
    [
      {
        path: '/games',
        element: (
          <>
            <NotificationList />
            <LocationProbe />
          </>
        ),
      },
      { path: '/games/:id', element: <LocationProbe /> },
    ],
    '/games',
  );
  utils.queryClient.setQueryData(profileKey, user(unread));
  return utils;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('notification list', () => {
  it('shows the empty text when there are no notifications', async () => {
    stubServer({ '/api/notificationsAll/1': () => pageOf([], 0) });
    renderList();
    expect(await screen.findByText('There are no notifications')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('marks unread items, and opening one marks it read, counts one less, reloads the list and goes to the trail', async () => {
    let read = false;
    const calls = stubServer({
      '/api/notificationsAll/1': () =>
        pageOf(
          [
            notification(1, { read_at: read ? '2026-03-02T11:00:00.000Z' : null }),
            notification(2, { read_at: '2026-03-01T11:00:00.000Z', event: 'NOTIFY_RBO' }),
          ],
          2,
          1,
          read ? 0 : 1,
        ),
      '/api/notifications/1': () => {
        read = true;
        return { data: notification(1, { read_at: '2026-03-02T11:00:00.000Z' }) };
      },
    });
    const { queryClient } = renderList(3);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [unread, seen] = within(list).getAllByRole('button');
    expect(unread.getAttribute('data-unread')).toBe('true');
    expect(unread.className).toContain('font-semibold');
    expect(unread.textContent).toContain('Unread');
    expect(unread.textContent).toContain('New notification');
    expect(unread.textContent).toContain('Demo exam');
    expect(seen.hasAttribute('data-unread')).toBe(false);
    expect(seen.textContent).not.toContain('Unread');
    expect(seen.textContent).toContain('Peer rating update');

    unread.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/games/5'));
    expect(calls).toContain('/api/notifications/1');
    expect((queryClient.getQueryData(profileKey) as User).notifications.notifications).toBe(2);
    // the list was reloaded after the read, and now has it read
    await waitFor(() => expect(calls.filter((c) => c === '/api/notificationsAll/1')).toHaveLength(2));
    expect(calls.indexOf('/api/notifications/1')).toBeLessThan(calls.lastIndexOf('/api/notificationsAll/1'));
  });

  it('opening a read item does not mark it again', async () => {
    const calls = stubServer({
      '/api/notificationsAll/1': () => pageOf([notification(2, { read_at: '2026-03-01T11:00:00.000Z' })], 1),
    });
    const { queryClient } = renderList(4);
    await userEvent.click(await screen.findByRole('button', { name: /New notification/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/games/5'));
    expect(calls).not.toContain('/api/notifications/2');
    expect((queryClient.getQueryData(profileKey) as User).notifications.notifications).toBe(4);
  });

  it("opens a ready certificate's or results PDF's file, read or not, in a new tab", async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const read = '2026-03-01T11:00:00.000Z';
    const calls = stubServer({
      '/api/notificationsAll/1': () =>
        pageOf(
          [
            notification(3, {
              event: 'NOTIFY_CERTIFICATE',
              read_at: read,
              data: {
                certificates: [9],
                name: 'Demo',
                file: '/files/c.png',
                pdf: '/files/pdfs/c.pdf',
                trail_id: 5,
                trail: 'Demo exam',
              },
            }),
            notification(4, {
              event: 'NOTIFY_RESULTS_PDF',
              data: { pdf: '/files/pdfs/r.pdf', trail_id: 5, trail: 'Demo exam' },
            }),
          ],
          2,
        ),
      '/api/notifications/4': () => ({ data: notification(4, { read_at: read }) }),
    });
    renderList(1);
    const items = await screen.findAllByRole('button', { name: /Demo exam/ });
    await userEvent.click(items[0]);
    expect(opened).toHaveBeenCalledWith('/files/pdfs/c.pdf', '_blank', 'noopener');
    expect(calls).not.toContain('/api/notifications/3');
    await userEvent.click(items[1]);
    expect(opened).toHaveBeenCalledWith('/files/pdfs/r.pdf', '_blank', 'noopener');
    await waitFor(() => expect(calls).toContain('/api/notifications/4'));
    // the page stays where it was: the file opens beside it
    expect(screen.getByTestId('location').textContent).toBe('/games');
  });

  it('opens the reward popup for a reward notification, even for rewards this tab already celebrated', async () => {
    const reward = {
      id: 41,
      trail_id: 5,
      title: 'Finisher',
      subtitle: null,
      description: null,
      experience: 0,
      media: null,
      prize_title: null,
      prize_description: null,
      created_at: '2026-03-02T10:00:00.000Z',
      readable_achieved_at: 'March 2, 2026',
      first_time: false,
      latest: true,
    };
    rewardsUi.show([reward]);
    rewardsUi.clear();
    const read = { read_at: '2026-03-02T11:00:00.000Z', event: 'NOTIFY_REWARD', data: { rewards: [41], trail_id: 5 } };
    const calls = stubServer({
      '/api/notificationsAll/1': () => pageOf([notification(3, read)], 1),
      '/api/rewards/user/41': () => ({ data: [reward] }),
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /You earned a reward/ }));
    await waitFor(() => expect(rewardsUiStore.get().popup.map((r) => r.id)).toEqual([41]));
    expect(calls).toContain('/api/rewards/user/41');
    expect(screen.getByTestId('location').textContent).toBe('/games');
    rewardsUi.clear();
  });

  it('opens the battle popup for a battle notification and the date popup for a due-date notice', async () => {
    const seen = { read_at: '2026-03-01T11:00:00.000Z' };
    const battle = notification(7, { ...seen, data: { type: 'challenge', battle_id: 9, trail_id: 5, trail: 'Duel' } });
    const due = notification(8, {
      ...seen,
      event: 'DUE_DATE',
      data: {
        type: 'one_day',
        trails: [
          { id: 5, name: 'Demo exam' },
          { id: 6, name: 'Workplace survey' },
        ],
      },
    });
    stubServer({ '/api/notificationsAll/1': () => pageOf([{ ...battle, event: 'NOTIFY_BATTLE' }, due], 2) });
    renderList();
    const dueItem = await screen.findByRole('button', { name: /Trail due soon/ });
    expect(dueItem.textContent).toContain('Demo exam, Workplace survey');
    await userEvent.click(screen.getByRole('button', { name: /Battle update/ }));
    await waitFor(() => expect(battlePopupStore.get()?.id).toBe(7));
    await userEvent.click(dueItem);
    await waitFor(() => expect(datePopupStore.get()?.id).toBe(8));
    // neither leaves the page: the popup offers the way on
    expect(screen.getByTestId('location').textContent).toBe('/games');
    battlePopupStore.set(null);
    datePopupStore.set(null);
  });

  it('offers the next page only when the total is above 15', async () => {
    const first = Array.from({ length: 15 }, (_, i) => notification(100 - i, { read_at: '2026-03-01T11:00:00.000Z' }));
    const calls = stubServer({
      '/api/notificationsAll/1': () => pageOf(first, 17),
      '/api/notificationsAll/2': () => pageOf([notification(85), notification(84)], 17, 2),
    });
    renderList();
    const more = await screen.findByTestId('notifications-sentinel');
    expect(more.textContent).toBe('Show more notifications');
    await userEvent.click(more);
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(17));
    expect(calls).toContain('/api/notificationsAll/2');
    expect(screen.queryByTestId('notifications-sentinel')).not.toBeInTheDocument();
  });

  it('has no next-page control for exactly 15', async () => {
    stubServer({
      '/api/notificationsAll/1': () =>
        pageOf(
          Array.from({ length: 15 }, (_, i) => notification(i + 1)),
          15,
        ),
    });
    renderList();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.queryByTestId('notifications-sentinel')).not.toBeInTheDocument();
  });
});

describe('notification bell', () => {
  const renderHeader = (unread: number) =>
    renderRoutes([{ path: '/games', element: <Header user={user(unread)} isPublic={false} /> }], '/games');

  it("caps the badge at '9+' and names the count", () => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = '/favicon.svg';
    document.head.append(link);
    renderHeader(12);
    const bell = screen.getByRole('button', { name: 'Notifications, 12 unread' });
    expect(bell.textContent).toBe('9+');
    expect(link.getAttribute('href')).toBe('/favicon-unread.svg');
    link.remove();
  });

  it('shows the count up to 9 and no badge without unread notifications', () => {
    const { unmount } = renderHeader(9);
    expect(screen.getByRole('button', { name: 'Notifications, 9 unread' }).textContent).toBe('9');
    unmount();
    renderHeader(0);
    expect(screen.getByRole('button', { name: 'Notifications' }).textContent).toBe('');
  });

  it('counts new trails on Home and new rewards on Me, named for screen readers', () => {
    const u = user(0);
    renderRoutes(
      [
        {
          path: '/games',
          element: <Header user={{ ...u, notifications: { ...u.notifications, home: 3, me: 12 } }} isPublic={false} />,
        },
      ],
      '/games',
    );
    expect(screen.getByRole('link', { name: 'Home, 3 new' }).textContent).toBe('Home3');
    expect(screen.getByRole('link', { name: 'Me, 12 new' }).textContent).toBe('Me9+');
  });
});
