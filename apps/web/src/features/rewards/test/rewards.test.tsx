import type { Reward } from '@cairn/shared/api/results';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileKey } from '../../../lib/profile';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { RewardPopups } from '../components/RewardPopups';
import { RewardsList, RewardsListView } from '../components/RewardsList';
import { rewardsUi, rewardsUiStore } from '../store';

let nextId = 100;
const reward = (r: Partial<Reward> = {}): Reward => {
  const id = nextId++;
  return {
    id,
    trail_id: 1,
    title: `Reward ${id}`,
    subtitle: null,
    description: null,
    experience: 0,
    media: null,
    prize_title: null,
    prize_description: null,
    created_at: '2026-01-01T10:00:00.000Z',
    readable_achieved_at: 'January 1, 2026',
    first_time: false,
    latest: false,
    ...r,
  };
};

function renderPopups() {
  return renderRoutes(
    [
      {
        path: '/games',
        element: (
          <>
            <RewardPopups />
            <LocationProbe />
          </>
        ),
      },
      { path: '/me', element: <LocationProbe /> },
    ],
    '/games',
  );
}

const key = (k: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key: k });

afterEach(() => {
  vi.useRealTimers();
  rewardsUiStore.set({ popup: [], firstMessage: false });
});

describe('reward popup', () => {
  it('moves with the arrow keys, closes with Escape, and 500 ms later offers the first-reward message', async () => {
    vi.useFakeTimers();
    renderPopups();
    act(() => {
      rewardsUi.show([
        reward({ title: 'First steps', first_time: true, experience: 10 }),
        reward({ title: 'Sharp mind' }),
        reward({ title: 'Finisher', latest: true }),
      ]);
    });
    const dialog = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // focus starts inside the popup
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('heading', { name: 'First steps' })).toBeInTheDocument();
    expect(within(dialog).getByText('+10 experience points')).toBeInTheDocument();
    expect(screen.getByTestId('confetti')).toBeInTheDocument();

    key('ArrowRight');
    expect(within(dialog).getByRole('heading', { name: 'Sharp mind' })).toBeInTheDocument();
    key('ArrowRight');
    expect(within(dialog).getByRole('heading', { name: 'Finisher' })).toBeInTheDocument();
    expect(within(dialog).getByText('Latest')).toBeInTheDocument();
    key('ArrowLeft');
    expect(within(dialog).getByRole('heading', { name: 'Sharp mind' })).toBeInTheDocument();

    // confetti stops after 3.5 s
    act(() => vi.advanceTimersByTime(3_500));
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();

    key('Escape');
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument();
    expect(rewardsUiStore.get().popup).toEqual([]);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('dialog', { name: 'Your first reward!' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    const message = screen.getByRole('dialog', { name: 'Your first reward!' });
    vi.useRealTimers();
    await userEvent.setup().click(within(message).getByRole('button', { name: 'Check it out' }));
    expect(screen.getByTestId('location').textContent).toBe('/me');
  });

  it('Backspace closes too, and without a first_time reward no message follows', () => {
    vi.useFakeTimers();
    renderPopups();
    act(() => {
      rewardsUi.show([reward({ title: 'Finisher' })]);
    });
    expect(screen.getByRole('dialog', { name: 'Congratulations!' })).toBeInTheDocument();
    key('Backspace');
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByRole('dialog', { name: 'Your first reward!' })).not.toBeInTheDocument();
  });

  it('shows the first-reward message once: a first reward reopened from the notification list pops up without it', () => {
    vi.useFakeTimers();
    renderPopups();
    const first = reward({ id: 4242, title: 'First steps', first_time: true });
    act(() => {
      rewardsUi.show([first]);
    });
    key('Escape');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('dialog', { name: 'Your first reward!' })).toBeInTheDocument();
    act(() => rewardsUi.showFirstMessage(false));
    act(() => {
      rewardsUi.show([first], { again: true });
    });
    expect(screen.getByRole('dialog', { name: 'Congratulations!' })).toBeInTheDocument();
    key('Escape');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByRole('dialog', { name: 'Your first reward!' })).not.toBeInTheDocument();
  });

  it('shows the first-reward message once per user: the server remembers it (first_reward_seen)', async () => {
    const calls: { url: string; method: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method ?? 'GET' });
        return new Response(JSON.stringify({ data: { id: 7, first_reward_seen: true } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    vi.useFakeTimers();
    const { queryClient } = renderPopups();
    // another tab or device already showed it: the profile says so, and no message follows
    queryClient.setQueryData(profileKey, { id: 7, first_reward_seen: true });
    act(() => {
      rewardsUi.show([reward({ title: 'First steps', first_time: true })]);
    });
    key('Escape');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByRole('dialog', { name: 'Your first reward!' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    // never shown to this user: it shows, and the server is told so
    queryClient.setQueryData(profileKey, { id: 7, first_reward_seen: false });
    act(() => {
      rewardsUi.show([reward({ title: 'First steps', first_time: true })]);
    });
    key('Escape');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('dialog', { name: 'Your first reward!' })).toBeInTheDocument();
    vi.useRealTimers();
    await waitFor(() => expect(calls).toEqual([{ url: '/api/me/seen/first_reward', method: 'POST' }]));
    expect(queryClient.getQueryData<{ first_reward_seen: boolean }>(profileKey)?.first_reward_seen).toBe(true);
  });

  it('does not celebrate the same reward twice', () => {
    const r = reward();
    expect(rewardsUi.show([r])).toBe(1);
    expect(rewardsUi.show([r])).toBe(0);
  });
});

describe('rewards list', () => {
  const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

  it('sorts by date (newest first), name ascending and name descending', async () => {
    const user = userEvent.setup();
    render(
      <RewardsListView
        rewards={[
          reward({ title: 'banana', created_at: '2026-01-03T00:00:00.000Z' }),
          reward({ title: 'Apple', created_at: '2026-01-02T00:00:00.000Z', latest: true, experience: 5 }),
          reward({ title: 'cherry', created_at: '2026-01-01T00:00:00.000Z' }),
        ]}
      />,
    );
    expect(titles()).toEqual(['banana', 'Apple', 'cherry']);
    expect(screen.getByText('+5 experience points')).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'itemNameDesc');
    expect(titles()).toEqual(['cherry', 'banana', 'Apple']);
    await user.selectOptions(sort, 'itemNameAsc');
    expect(titles()).toEqual(['Apple', 'banana', 'cherry']);
    await user.selectOptions(sort, 'itemDate');
    expect(titles()).toEqual(['banana', 'Apple', 'cherry']);
  });

  it('says so when there are none', () => {
    render(<RewardsListView rewards={[]} />);
    expect(screen.getByText(/You have not earned any rewards yet/)).toBeInTheDocument();
  });
});

describe('preview the rewards you can earn', () => {
  it('shows them as not earned yet with how to earn each: no congratulations, confetti or achievement date', async () => {
    const offered = [
      reward({ title: 'Twenty', preview: { trail: 'Demo exam', on: 'xp_at_least', value: 20 } }),
      reward({ title: 'Finisher', preview: { trail: 'Demo exam', on: 'trail_completed', value: null } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json({ data: url === '/api/rewards/test' ? offered : [] }, { status: 200 }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/me', element: <RewardsList /> }], '/me');
    await user.click(await screen.findByRole('button', { name: 'Preview the rewards you can earn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rewards you can earn' });
    expect(within(dialog).getByRole('heading', { name: 'Twenty' })).toBeInTheDocument();
    expect(within(dialog).getByText('Not earned yet')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Collect 20 experience points on the trail “Demo exam” to earn it.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Achieved on/)).toBeNull();
    expect(screen.queryByText('Congratulations!')).toBeNull();
    expect(dialog.querySelector('canvas')).toBeNull();
    key('ArrowRight');
    expect(within(dialog).getByText('Finish the trail “Demo exam” to earn it.')).toBeInTheDocument();
    key('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
