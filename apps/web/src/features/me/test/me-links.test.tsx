import type { User } from '@cairn/shared/api/accounts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileKey } from '../../../lib/profile';
import { renderRoutes } from '../../../test/render';
import MeScreen from '../components/MeScreen';

const me = {
  id: 7,
  firstname: 'Lena',
  lastname: 'Learner',
  email: 'l@example.com',
  avatar: [],
  cover: null,
} as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Me', () => {
  it('links to the summary of all my trails', async () => {
    // no server: Me's own lists stay empty
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const { queryClient } = renderRoutes([{ path: '/me', element: <MeScreen /> }], '/me');
    queryClient.setQueryData(profileKey, { ...(me as User), profile_completion: 50 });
    const link = await screen.findByRole('link', { name: 'All my results' });
    expect(link.getAttribute('href')).toMatch(/\/summary$/);
  });
});
