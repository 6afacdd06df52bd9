import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { LocationProbe, renderRoutes } from '../../../test/render';
import LoginScreen from './LoginScreen';

const submit = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;

function renderLogin(url = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '*', element: <LocationProbe /> },
    ],
    url,
  );
}

const providersReply = (data: unknown[]) => new Response(JSON.stringify({ data }), { status: 200 });

describe('login form', () => {
  beforeEach(() => sessionStore.set({ tokens: null, expired: false, arrivingAt: null }));

  it('keeps the button disabled until the form is valid and the terms box is ticked', async () => {
    const user = userEvent.setup();
    renderLogin();
    const terms = screen.getByRole('checkbox', { name: /privacy policy and the terms of use/ });
    expect((terms as HTMLInputElement).checked).toBe(true);
    expect(submit().disabled).toBe(true);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    expect(submit().disabled).toBe(true);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(submit().disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), '6');
    expect(submit().disabled).toBe(false);

    await user.click(terms);
    expect(submit().disabled).toBe(true);
  });

  it('shows translated rule messages once a field is left', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'x');
    await user.tab();
    expect(await screen.findByText('The email field must be a valid email')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(await screen.findByText('The password field is required')).toBeInTheDocument();
  });

  it('shows the credentials message on 422 and goes to /welcome on a first login', async () => {
    const user = userEvent.setup();
    const replies = [
      new Response(JSON.stringify({ message: 'The user credentials were incorrect', code: 'invalid_credentials' }), {
        status: 422,
      }),
      new Response(
        JSON.stringify({
          status: 'success',
          data: {
            logins: 0,
            trail_id: null,
            token_type: 'Bearer',
            access_token: 'a',
            refresh_token: 'r',
            expires_in: 600,
            refresh_expires_in: 3600,
          },
        }),
        { status: 200 },
      ),
      new Response(JSON.stringify({ data: { language: 'en', is_paused: 0 } }), { status: 200 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url).endsWith('/api/auth/providers') ? providersReply([]) : replies.shift(),
      ),
    );
    renderLogin('/login?redirect=%2Fme');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('The user credentials were incorrect');

    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit());
    expect((await screen.findByTestId('location')).textContent).toBe('/welcome');
    expect(sessionStore.get().tokens?.accessToken).toBe('a');
  });

  it('shows a social button only for the providers the server accepts, usable once the terms are accepted', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => providersReply([{ name: 'azure', issuer: 'https://login.example/v2.0', client_id: 'cairn' }])),
    );
    renderLogin();
    const microsoft = (await screen.findByRole('button', { name: 'Sign in with Microsoft' })) as HTMLButtonElement;
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(microsoft.disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /privacy policy and the terms of use/ }));
    expect(microsoft.disabled).toBe(true);
  });
});
