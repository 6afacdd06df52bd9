import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));

import GameDetailScreen from '../features/games/components/GameDetailScreen';
import { PlayerScreen } from '../features/player/components/PlayerScreen';
import { ResultsScreen } from '../features/results/components/screens';
import { setNavigator } from '../lib/navigation';
import { session } from '../lib/session';
import { at, LocationProbe, renderRoutes } from '../test/render';

const notFound = () =>
  Response.json({ message: 'Trail not found', code: 'not_found' }, { status: 404, headers: { 'X-Test': '1' } });

describe('a trail that is not available: §8 sends the user to /games, and a toast says why', () => {
  beforeEach(() => {
    toast.error.mockClear();
    session.save({
      token_type: 'Bearer',
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 600,
      refresh_expires_in: 3600,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/user/profile' ? Response.json({ data: { id: 5, firstname: 'Lea' } }) : notFound(),
      ),
    );
  });

  it.each([
    ['/games/999', at('/games/:id', <GameDetailScreen />)],
    ['/player/999', at('/player/:id', <PlayerScreen />)],
    ['/results/999', at('/results/:id', <ResultsScreen />)],
  ])('%s', async (path, route) => {
    const { router } = renderRoutes([route, at('/games', <LocationProbe />)], path);
    setNavigator((to, opts) => router.navigate(to, opts));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/games'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('That trail is not available.', expect.anything()));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
