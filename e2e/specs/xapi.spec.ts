import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO, signIn, violations, warmUpLogin } from './support';

/**
 * Issue 33, xAPI: the admin turns the customer's LRS on in /admin/xapi, and what a learner does arrives there as
 * statements, sent by the server's own job. The LRS is a small real HTTP peer in this process (Basic auth, the
 * version header); the statements' validity is proven in the API suite with Learning Locker's validator.
 */
interface Received {
  verb: { id: string };
  actor: { account?: { name: string } };
}

async function startLrs() {
  const received: Received[] = [];
  const auth = `Basic ${Buffer.from('e2e-key:e2e-secret').toString('base64')}`;
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/xapi/statements' || req.headers.authorization !== auth) {
        res.writeHead(401).end();
        return;
      }
      const batch = JSON.parse(await body(req)) as Received[];
      received.push(...batch);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { endpoint: `http://127.0.0.1:${port}/xapi/`, received, close: () => server.close() };
}

test('the admin turns the LRS on, and a trail a learner opens reaches it as a statement', async ({ page, request }) => {
  const lrs = await startLrs();
  try {
    await warmUpLogin(request, DEMO.coach);
    await page.goto('/login');
    await signIn(page, DEMO.coach);
    await expect(page).toHaveURL(/\/games/);
    await page.goto('/admin/xapi');
    await expect(page.getByRole('heading', { name: 'Learning Record Store (LRS, xAPI)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'xAPI', exact: true })).toHaveAttribute('aria-current', 'page');
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      expect(await violations(page), `axe at ${size.width} px`).toEqual([]);
      // nothing wider than the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }

    // a wrong address is refused on its field
    await page.getByLabel('Send statements to the LRS').check();
    await page.getByLabel('LRS endpoint').fill('ftp://lrs.example/');
    await page.getByLabel('Key').fill('e2e-key');
    await page.getByLabel('Secret').fill('e2e-secret');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter an http or https address')).toBeVisible();

    await page.getByLabel('LRS endpoint').fill(lrs.endpoint);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('LRS settings saved')).toBeVisible();
    // the secret is never shown again: the field is empty and says it is kept
    await expect(page.getByLabel('Secret')).toHaveValue('');
    await expect(page.getByLabel('Secret')).toHaveAttribute('placeholder', 'Saved — leave empty to keep it');

    // a visitor of the demo link opens its trail (through the API: the statement is the point here, not the
    // screens); a new visitor is a new learner, so this is the first pebble of an attempt
    const login = await request.post('/api/public/login/demo', { data: {} });
    expect(login.status()).toBe(200);
    const { access_token: token, trail_id: trailId } = (await login.json()).data as {
      access_token: string;
      trail_id: number;
    };
    const headers = { authorization: `Bearer ${token}` };
    const learnerId = ((await (await request.get('/api/user/profile', { headers })).json()).data as { id: number }).id;
    expect((await request.get(`/api/pebbles/${trailId}`, { headers })).status()).toBe(200);

    // the server's job sends it within seconds
    await expect
      .poll(() => lrs.received.filter((s) => s.verb.id.endsWith('/initialized')).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const initialized = lrs.received.find((s) => s.verb.id.endsWith('/initialized'))!;
    expect(initialized.actor.account?.name).toBe(String(learnerId));
    await page.reload();
    await expect(page.getByText('Delivered')).toBeVisible();
  } finally {
    // leave the demo customer as it was for the journeys after this one
    await page.getByLabel('Send statements to the LRS').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('LRS settings saved')).toBeVisible();
    lrs.close();
  }
});
