import type { AppNotification } from '@cairn/shared/api/results';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));

import { LocationProbe, renderRoutes } from '../../../test/render';
import { shortName } from '../api';
import { BattlePopup } from '../components/BattlePopup';
import { battlePopup, battlePopupStore } from '../store';

const challenge = (type: string): AppNotification => ({
  id: 5,
  event: 'NOTIFY_BATTLE',
  read_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  data: { type, battle_id: 9, trail_id: 4, trail: 'Quick-fire battle', player: 'Maximiliane Rival', avatar: null },
});

function stubFetch(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPopup() {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <BattlePopup />
            <LocationProbe />
          </>
        ),
      },
    ],
    '/games',
  );
}

afterEach(() => {
  battlePopupStore.set(null);
  vi.restoreAllMocks();
  toast.error.mockClear();
});

describe('the battle popup (§4)', () => {
  it('cuts names to 10 characters plus an ellipsis', () => {
    expect(shortName('Maximiliane Rival')).toBe('Maximilian…');
    expect(shortName('Lena')).toBe('Lena');
  });

  it('a challenge offers Decline and Accept; Accept goes to the battle', async () => {
    const calls = stubFetch(200, { data: { id: 9 } });
    renderPopup();
    battlePopup.show(challenge('challenge'));
    const dialog = await screen.findByRole('dialog', { name: 'New challenge' });
    expect(dialog.textContent).toContain('Maximilian… challenges you on Quick-fire battle');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/games/battle/9'));
    expect(calls).toContain('POST /api/battle/9/accept');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed accept is logged only: no toast, no navigation, the popup closes', async () => {
    stubFetch(409, { message: 'This challenge has already been answered', code: 'battle_state' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPopup();
    battlePopup.show(challenge('reminder_challenge'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 20));
    expect(toast.error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('accepting the challenge failed', expect.anything());
    expect(screen.getByTestId('location').textContent).toBe('/games');
  });

  it('the other types offer See details and Dismiss; See details on a finished battle opens the summary', async () => {
    stubFetch(200, {});
    renderPopup();
    battlePopup.show(challenge('finished'));
    const dialog = await screen.findByRole('dialog', { name: 'Battle finished' });
    expect(dialog.textContent).toContain('Your battle with Maximilian… on Quick-fire battle is over');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See details' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/player-battle/9'));
  });

  it('See details on an accepted challenge goes to the trail; Dismiss only closes', async () => {
    renderPopup();
    battlePopup.show(challenge('accepted'));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    battlePopup.show(challenge('accepted'));
    await userEvent.click(await screen.findByRole('button', { name: 'See details' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/games/4'));
  });
});
