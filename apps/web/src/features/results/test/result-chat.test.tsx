import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileKey } from '../../../lib/profile';
import { at, renderRoutes } from '../../../test/render';
import { ResultsScreen } from '../components/screens';
import { trailResult } from './results.fixtures';

const coach = { id: 9, firstname: 'Cora', lastname: 'Coach' };

function renderAt(width: number) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: width >= Number(/min-width:\s*(\d+)px/.exec(q)?.[1] ?? Number.POSITIVE_INFINITY),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/results/users/7/1') return Response.json({ data: trailResult() });
      if (url === '/api/games/1') return Response.json({ data: { id: 1, name: 'Demo exam', coach } });
      if (url === '/api/chats') return Response.json({ data: [] });
      return Response.json({ message: 'nope', code: 'not_found' }, { status: 404 });
    }),
  );
  const utils = renderRoutes([at('/results/:id', <ResultsScreen />)], '/results/1');
  utils.queryClient.setQueryData(profileKey, { id: 7, firstname: 'Lena', lastname: 'Learner', notifications: {} });
  return utils;
}

describe('/results/{id} (§2)', () => {
  it('on a wide screen opens the chat with the coach beside the result, carrying the trail', async () => {
    renderAt(1280);
    const dock = await screen.findByRole('complementary', { name: 'Chat with Cora Coach' }, { timeout: 3000 });
    expect(await within(dock).findByRole('heading', { name: 'Cora Coach' })).toBeInTheDocument();
    expect(within(dock).getByTestId('trail-card-draft')).toHaveTextContent('Demo exam');
    expect(screen.getByRole('button', { name: /^Summary/ })).toBeInTheDocument();
  });

  it('on a phone shows the result alone', async () => {
    renderAt(390);
    expect(await screen.findByRole('button', { name: /^Summary/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('result-chat')).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
