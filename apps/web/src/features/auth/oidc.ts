import type { AuthProvider } from '@cairn/shared/api/sessions';
import * as oauth from 'oauth4webapi';

/** What the browser keeps between leaving for the provider and coming back (this tab only). */
interface Pending {
  provider: AuthProvider['name'];
  codeVerifier: string;
  state: string;
  nonce: string;
  redirect: string | null;
}

const PENDING_KEY = 'cairn.oidc.pending';

/** The page the provider sends the browser back to. */
export const callbackUrl = (provider: string) => `${window.location.origin}/auth/callback/${provider}`;

// a plain-http issuer is only accepted on this machine's loopback (a local test or development issuer)
const insecureFor = (issuer: URL) =>
  issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);

async function discover(provider: AuthProvider): Promise<{ as: oauth.AuthorizationServer; insecure: boolean }> {
  const issuer = new URL(provider.issuer);
  const insecure = insecureFor(issuer);
  const res = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', [oauth.allowInsecureRequests]: insecure });
  return { as: await oauth.processDiscoveryResponse(issuer, res), insecure };
}

/** Leaves for the provider's sign-in page: authorization code flow with PKCE (S256), state and nonce. */
export async function startProviderSignIn(provider: AuthProvider, redirect: string | null): Promise<void> {
  const { as } = await discover(provider);
  if (!as.authorization_endpoint) throw new Error('the issuer has no authorization endpoint');
  const pending: Pending = {
    provider: provider.name,
    codeVerifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    redirect,
  };
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('redirect_uri', callbackUrl(provider.name));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(pending.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(url.href);
}

/**
 * Back from the provider: checks state, exchanges the code with the PKCE verifier (a public client: no secret),
 * checks the ID token (issuer, audience, nonce, signature by the library) and returns it with the saved redirect.
 * The pending state is used once, whatever happens.
 */
export async function finishProviderSignIn(
  provider: AuthProvider,
  current: URL,
): Promise<{ idToken: string; redirect: string | null }> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  if (!pending || pending.provider !== provider.name) throw new Error('no sign-in was started in this tab');
  const { as, insecure } = await discover(provider);
  const client: oauth.Client = { client_id: provider.client_id };
  const params = oauth.validateAuthResponse(as, client, current, pending.state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    callbackUrl(provider.name),
    pending.codeVerifier,
    { [oauth.allowInsecureRequests]: insecure },
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  if (!tokens.id_token) throw new Error('the provider returned no ID token');
  return { idToken: tokens.id_token, redirect: pending.redirect };
}
