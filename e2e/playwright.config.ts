import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
// one data dir per port, so two runs on one machine never share (or wipe) each other's database
export const E2E_DATA_DIR = `${root}data/e2e-${E2E_PORT}`;
/** The OpenID Connect issuer the social sign-in journey starts (oidc-provider) and the server trusts as google2. */
export const OIDC_PORT = E2E_PORT + 1000;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = 'cairn-e2e';
/** The Sentry-compatible receiver the error-reporting journey starts; the server and the web app report to it. */
export const SENTRY_PORT = E2E_PORT + 1001;
export const SENTRY_DSN = `http://cairnpublickey@127.0.0.1:${SENTRY_PORT}/1`;

/** The customer site of the preview journeys: served by page.route, listed in PREVIEW_ORIGINS. */
export const PREVIEW_SITE = 'http://brand-site.example';

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  // journeys change the seeded data (first logins, finished trails): a retry would not start from the seed
  retries: 0,
  // the journeys walk many screens (the a11y ones run axe on ten pages at two sizes); on a busy 2-core machine
  // their duration doubles, so the budget is generous: a journey that hangs still fails, a slow one does not
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${root}test-results/e2e.json` }]],
  outputDir: `${root}test-results/e2e-${E2E_PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
  webServer: {
    // a fresh database every run, so first-login and password-reset journeys start from the seed
    command: `rm -rf ${E2E_DATA_DIR} && npm run start -w @cairn/server`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/api/languages/supported`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      // short-lived access tokens make the silent-refresh journey real
      ACCESS_TOKEN_TTL: '6',
      RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // keys come from the issuer's discovery document, fetched at the first social sign-in
      OIDC_GOOGLE2_ISSUER: OIDC_ISSUER,
      OIDC_GOOGLE2_AUDIENCE: OIDC_CLIENT_ID,
      SENTRY_DSN,
      SENTRY_RELEASE: 'cairn@e2e',
      // a customer site allowed to drive the preview (branding.spec.ts); any other origin is ignored
      PREVIEW_ORIGINS: PREVIEW_SITE,
    },
  },
});
