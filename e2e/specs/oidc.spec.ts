import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { generateKeyPair, SignJWT } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations
import Provider from 'oidc-provider';
import { E2E_PORT, OIDC_CLIENT_ID, OIDC_ISSUER, OIDC_PORT } from '../playwright.config';
import { DEMO } from './support';

// the addresses this identity provider knows, as a real one would (any other login is refused by it)
const ACCOUNTS = new Set([DEMO.rival.email, 'stranger@example.com']);

let issuer: Server;

test.beforeAll(async () => {
  const provider = new Provider(OIDC_ISSUER, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`http://127.0.0.1:${E2E_PORT}/auth/callback/google2`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    // the email claims in the ID token itself, as Google's and Microsoft's issuers put them
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['cairn-e2e-oidc'] },
    findAccount: async (_ctx: unknown, id: string) =>
      ACCOUNTS.has(id)
        ? { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true }) }
        : undefined,
  });
  issuer = provider.listen(OIDC_PORT);
});

test.afterAll(async () => {
  await new Promise((r) => issuer.close(r));
});

/** Goes through the provider's own sign-in and consent pages as `email`. */
async function signInAtProvider(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(`${OIDC_ISSUER}/**`);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('Google sign-in through the OpenID Connect provider signs a known address in', async ({ page }) => {
  await signInAtProvider(page, DEMO.rival.email);
  // back on our callback, then on the first screen of a signed-in user
  await page.waitForURL(/\/(games|welcome)$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // the session is the rival's: the account menu names the address
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(DEMO.rival.email)).toBeVisible();
});

test('an address no account uses is refused with a message, back on the login page', async ({ page }) => {
  await signInAtProvider(page, 'stranger@example.com');
  await expect(page.getByText('No account uses the address of this sign-in', { exact: false })).toBeVisible();
  await page.waitForURL(/\/login$/);
});

test('an ID token from another issuer is refused', async ({ request }) => {
  const { privateKey } = await generateKeyPair('RS256');
  const forged = await new SignJWT({ email: DEMO.rival.email, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'elsewhere' })
    .setIssuer('http://127.0.0.1:9/another-issuer')
    .setAudience(OIDC_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
  const res = await request.post('/api/auth/google2', { data: { access_token: forged } });
  expect(res.status()).toBe(401);
  expect((await res.json()).code).toBe('provider_token_invalid');
});
