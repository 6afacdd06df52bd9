import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { LocationProbe, renderRoutes } from '../../../test/render';
import ResetScreen from './ResetScreen';

function renderReset(url: string) {
  return renderRoutes(
    [
      { path: '/password/reset', element: <ResetScreen /> },
      { path: '*', element: <LocationProbe /> },
    ],
    url,
  );
}

describe('reset screen: an expired link', () => {
  beforeEach(() => sessionStore.set({ tokens: null, expired: false, arrivingAt: null }));

  it('offers "Send a new link", which mails a new one to the same address and goes to link-sent', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/password/reset'
        ? Response.json(
            { message: 'This password reset link is invalid or has expired', code: 'invalid_reset_token' },
            { status: 422 },
          )
        : Response.json({ status: 'success' }, { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderReset('/password/reset?email=ada%40example.com&token=old');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This password reset link is invalid or has expired.');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/password/linksent');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/password/forgot') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'ada@example.com' });
  });

  it('an incomplete link offers it too, through the forgot form', async () => {
    const user = userEvent.setup();
    renderReset('/password/reset');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/password/forgot');
  });
});
