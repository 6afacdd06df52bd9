import type { LoginResponse } from '@cairn/shared/api/accounts';
import type { AuthProvidersResponse } from '@cairn/shared/api/sessions';
import { http } from '../../lib/http';

/** Asks for a reset mail; the link in it leads to /password/reset on this site. */
export function requestPasswordReset(username: string) {
  return http.post(
    '/api/password/forgot',
    { username, url: `${window.location.origin}/password/reset` },
    { anonymous: true },
  );
}

/** The reset screen shows 400/401/422 itself (§8). */
export function resetPassword(body: {
  username: string;
  token: string;
  password: string;
  password_confirmation: string;
}) {
  return http.post('/api/password/reset', body, { anonymous: true, handle: [400, 401, 422] });
}

/** POST /api/login; the login form shows its own 422 message. */
export function login(body: { username: string; password: string; accepted: boolean }) {
  return http.post<LoginResponse>('/api/login', body, { anonymous: true, handle: [422] });
}

/** POST /api/public/login/{linkId}: a session tied to one trail. */
export function publicLogin(linkId: string) {
  return http.post<LoginResponse>(`/api/public/login/${encodeURIComponent(linkId)}`, undefined, {
    anonymous: true,
    handle: [401, 403, 404, 422],
  });
}

/** GET /api/auth/providers: the one list of enabled social sign-ins (the server's configuration). */
export function fetchProviders() {
  return http.get<AuthProvidersResponse>('/api/auth/providers', { anonymous: true });
}
