import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session, sessionStore } from '../lib/session';
import { LocaleContext } from '../lib/use-locale';
import { LocationProbe, renderRoutes } from '../test/render';
import { RouteChecks } from './route-checks';

const login = (trailId: number | null = null) =>
  session.save(
    { token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 600, refresh_expires_in: 3600 },
    trailId,
  );

function routes(names: string[], wrap: (n: ReactNode) => ReactNode = (n) => n) {
  return [
    { element: wrap(<RouteChecks names={names} />), children: [{ path: '/*', element: <p>inside</p> }] },
    { path: '/login', element: <LocationProbe /> },
    { path: '/games/*', element: <LocationProbe /> },
    { path: '/de/games', element: <LocationProbe /> },
  ];
}

describe('route checks', () => {
  beforeEach(() => sessionStore.set({ tokens: null, expired: false, arrivingAt: null }));

  it('login guard: an unauthenticated visitor goes to login carrying the current path as redirect', async () => {
    renderRoutes(routes(['authenticated']), '/me/edit?tab=2');
    expect((await screen.findByTestId('location')).textContent).toBe('/login?redirect=%2Fme%2Fedit%3Ftab%3D2');
  });

  it('login guard lets a signed-in user through', async () => {
    login();
    renderRoutes(routes(['authenticated']), '/me');
    expect(await screen.findByText('inside')).toBeInTheDocument();
  });

  it('guest guard: a signed-in user is sent to the games list, prefixed for a non-default locale', async () => {
    login();
    const de = (n: ReactNode) => <LocaleContext value="de">{n}</LocaleContext>;
    renderRoutes(routes(['guest'], de), '/password/forgot');
    expect((await screen.findByTestId('location')).textContent).toBe('/de/games');
  });

  it('landing guard: a public user with a trail always lands on that trail', async () => {
    login(7);
    renderRoutes(routes(['authenticated', 'public']), '/me');
    expect((await screen.findByTestId('location')).textContent).toBe('/games/7');
  });

  it('an unknown check name renders the error screen with 500', async () => {
    login();
    renderRoutes(routes(['authenticated', 'no-such-check']), '/me');
    expect(await screen.findByRole('heading', { name: 'Error 500' })).toBeInTheDocument();
  });
});
