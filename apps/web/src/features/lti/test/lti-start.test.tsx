import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { LocationProbe, renderRoutes } from '../../../test/render';
import LtiStartScreen from '../components/LtiStartScreen';

const TOKENS = {
  token_type: 'Bearer',
  access_token: 'cat_lti',
  refresh_token: 'crt_lti',
  expires_in: 600,
  refresh_expires_in: 86_400,
  logins: 0,
  trail_id: null,
};

function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`);
      const body = url.endsWith('/api/lti/session')
        ? { status: 'success', data: { ...TOKENS, target: '/player/7' } }
        : { message: 'Not found', code: 'not_found' };
      return new Response(JSON.stringify(body), {
        status: url.endsWith('/api/lti/session') ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function open(hash: string) {
  window.history.replaceState(null, '', `/lti/start${hash}`);
  return renderRoutes(
    [
      { path: '/lti/start', element: <LtiStartScreen /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/lti/start',
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  session.end('logout');
});

describe('/lti/start: the launch hand-over', () => {
  it("spends the code once for a session and opens the launch's page", async () => {
    const calls = stubFetch();
    open('#code=abc123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/player/7'));
    expect(calls.filter((c) => c.includes('/api/lti/session'))).toEqual(['POST /api/lti/session {"code":"abc123"}']);
    expect(session.tokens()?.accessToken).toBe('cat_lti');
    // the code leaves the address bar
    expect(window.location.hash).toBe('');
  });

  it('offers a new window, leaving the code unspent, when the browser blocks storage in the frame', async () => {
    const calls = stubFetch();
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    open('#code=abc123');
    const link = await screen.findByRole('link', { name: 'Open in a new window' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toContain('/lti/start#code=abc123');
    expect(screen.getByRole('alert')).toHaveTextContent('does not let Cairn keep you signed in');
    expect(calls).toEqual([]);
  });

  it('says the launch expired when there is no code', async () => {
    stubFetch();
    open('');
    expect(await screen.findByRole('alert')).toHaveTextContent('This launch has expired or was used already.');
  });
});
