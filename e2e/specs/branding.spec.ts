import AxeBuilder from '@axe-core/playwright';
import { brandVariables } from '@cairn/shared/branding';
import { decodeImageRequest } from '@cairn/shared/media';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PREVIEW_SITE } from '../playwright.config';
import { DEMO, freshLearner, signIn, warmUpLogin } from './support';

const GLOBEX = { email: 'other@example.com', password: 'other123' };
const ACME_PALETTE = { color0: { r: 255, g: 114, b: 51 }, color2: { r: 38, g: 50, b: 56 } };
const GLOBEX_PALETTE = { color0: { r: 124, g: 77, b: 255 }, color2: { r: 18, g: 16, b: 40 } };

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const accentOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());

async function signedIn(page: Page, request: Page['request'], who: { email: string; password: string }) {
  await warmUpLogin(request, who);
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/games$/);
}

test('the brand page recolours the preview frame live and saves the theme for the customer', async ({
  page,
  request,
}) => {
  await signedIn(page, request, DEMO.coach);
  await page.getByRole('link', { name: 'Brand', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brand' })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Preview of the app with these colours"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
  const preview = page.frames().find((f) => f.url().includes('/preview/'))!;
  const frameAccent = () =>
    preview.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
  await expect.poll(frameAccent).toBe('255 114 51');
  expect(await violations(page), 'brand page').toEqual([]);

  // backgrounds: none, then the landscape one behind the preview's screens
  await page.getByLabel('Landscape background (wide screens)').selectOption('none');
  await page.getByLabel('Portrait background (phones)').selectOption('none');
  await expect(frame.getByTestId('brand-background')).toHaveCount(0);
  await page.getByLabel('Landscape background (wide screens)').selectOption('/files/customers/acme/landscape.jpg');
  await expect(frame.locator('main')).toHaveAttribute('data-background', '/files/customers/acme/landscape.jpg');
  await page.getByRole('button', { name: 'Undo changes' }).click();

  // a new main colour shows in the frame at once: its variable and the active Home entry drawn with it
  await page.getByLabel('Main colour (buttons, navigation)').fill('#1565c0');
  await expect.poll(frameAccent).toBe('21 101 192');
  await expect(frame.getByRole('link', { name: 'Home' })).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  // nothing is saved yet: the app around the frame keeps the customer's colour
  expect(await accentOf(page)).toBe('255 114 51');

  await page.getByRole('button', { name: 'Save brand' }).click();
  await expect(page.getByText('The brand is saved.')).toBeVisible();
  await expect.poll(() => accentOf(page)).toBe('21 101 192');

  // back to Acme's orange for the other journeys
  await page.getByLabel('Main colour (buttons, navigation)').fill('#ff7233');
  await page.getByRole('button', { name: 'Save brand' }).click();
  await expect.poll(() => accentOf(page)).toBe('255 114 51');
});

test('a learner is not offered the brand page and is told it is for admins', async ({ page, request }) => {
  await signedIn(page, request, DEMO.rival);
  await expect(page.getByRole('link', { name: 'Brand', exact: true })).toHaveCount(0);
  await page.goto('/brand');
  await expect(page.getByText('Only an admin of your organisation can change its brand.')).toBeVisible();
  // still signed in (no 403 was provoked)
  await expect(page).toHaveURL(/\/brand$/);
});

/** A page of another site that opens the app's preview in a window and posts preview messages to it. */
async function openFromSite(context: BrowserContext, site: string) {
  await context.route(`${site}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>site</title><button id="open">open</button>
        <script>document.getElementById('open').onclick = () => { window.preview = window.open(${JSON.stringify(
          `${test.info().project.use.baseURL}/preview/games`,
        )}, 'preview'); };</script></html>`,
    }),
  );
  const site_ = await context.newPage();
  await site_.goto(`${site}/tool`);
  const [popup] = await Promise.all([context.waitForEvent('page'), site_.click('#open')]);
  await expect(popup.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
  const post = (colour: { r: number; g: number; b: number }) =>
    site_.evaluate(
      (c) =>
        (window as unknown as { preview: Window }).preview.postMessage(
          { type: 'cairn:preview', colors: { color0: c, color2: { r: 10, g: 10, b: 10 } } },
          '*',
        ),
      colour,
    );
  return { popup, post };
}

test('a preview message from a foreign origin changes nothing; the listed customer site does', async ({ context }) => {
  const foreign = await openFromSite(context, 'http://evil.example');
  await expect.poll(() => accentOf(foreign.popup)).toBe('255 114 51');
  await foreign.post({ r: 0, g: 128, b: 0 });
  await foreign.popup.waitForTimeout(500);
  expect(await accentOf(foreign.popup)).toBe('255 114 51');
  // the listener is there: the same message from the app's own origin is applied
  await foreign.popup.evaluate(() =>
    window.postMessage(
      { type: 'cairn:preview', colors: { color0: { r: 0, g: 0, b: 200 }, color2: { r: 1, g: 1, b: 1 } } },
      window.location.origin,
    ),
  );
  await expect.poll(() => accentOf(foreign.popup)).toBe('0 0 200');

  const allowed = await openFromSite(context, PREVIEW_SITE);
  await allowed.post({ r: 0, g: 90, b: 0 });
  await expect.poll(() => accentOf(allowed.popup)).toBe('0 90 0');
  expect(await violations(allowed.popup), 'preview screen').toEqual([]);
});

test('a Globex learner sees the Globex colours and background, an Acme learner the Acme ones', async ({
  page,
  request,
}) => {
  const globex = brandVariables(GLOBEX_PALETTE);
  await signedIn(page, request, GLOBEX);
  await expect.poll(() => accentOf(page)).toBe(globex['--accent']);
  const band = `rgb(${globex['--accent-2'].split(' ').join(', ')})`;
  await expect(page.locator('header').first()).toHaveCSS('border-top-color', band);
  await expect(page.getByTestId('brand-background')).toHaveCount(1);
  expect(await page.locator('main').getAttribute('data-background')).toBe('/files/customers/globex/landscape.jpg');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('main')).toHaveAttribute('data-background', '/files/customers/globex/portrait.jpg');
  expect(await violations(page), 'globex /games').toEqual([]);

  // another browser, an Acme learner
  const acme = await page.context().browser()!.newPage();
  await signedIn(acme, request, DEMO.rival);
  await expect.poll(() => accentOf(acme)).toBe(brandVariables(ACME_PALETTE)['--accent']);
  await acme.close();
});

test('the installed app reloads offline from the service worker and says it is offline', async ({
  page,
  context,
  request,
}) => {
  await signedIn(page, request, GLOBEX);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // the worker takes control of the page once activated (clients.claim)
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeAttached();
  // still in the customer's colours, remembered from the last profile
  expect(await accentOf(page)).toBe(brandVariables(GLOBEX_PALETTE)['--accent']);
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toHaveCount(0);
});

test('a reload without network shows the last-known screens, never a false empty state or an endless spinner; back online they are read again', async ({
  page,
  context,
  request,
}) => {
  // a learner of its own, with the demo exam assigned and nothing downloaded for offline play
  const who = await freshLearner(request, 'offline-reload', 'offline-reload1');
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/games$/);
  const card = page.getByRole('link', { name: /Demo exam/ });
  await expect(card).toBeVisible();
  const trailId = Number(/\/games\/(\d+)/.exec((await card.getAttribute('href')) ?? '')?.[1]);
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Fresh offline-reload' })).toBeVisible();
  await expect(page.getByText('You have not earned any rewards yet', { exact: false })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  // /games: the trails last seen, not "There are no games for you yet"
  await page.goto('/games');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Demo exam/ })).toBeVisible();
  await expect(page.getByText('There are no games for you yet', { exact: false })).toHaveCount(0);
  // /me: the profile and rewards last seen
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Fresh offline-reload' })).toBeVisible();
  await expect(page.getByText('You have not earned any rewards yet', { exact: false })).toBeVisible();
  // the player, for a trail not saved on this device: it says so instead of spinning or failing
  await page.goto(`/player/${trailId}`);
  await expect(page.getByText('Not loaded on this device yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('Something went wrong', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/offline-player.png' });
  // the same on a phone, and accessible
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Not loaded on this device yet.', { exact: false })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Fresh offline-reload' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto(`/player/${trailId}`);

  // back online: the player reads the pebble without a reload
  await context.setOffline(false);
  await expect(page.locator('section[data-mineral-type]').first()).toBeVisible();
  await expect(page.getByText('Not loaded on this device yet.', { exact: false })).toHaveCount(0);
});

/** The image-service request behind the pebble's background (its CSS url("/img/…")); null for any other URL. */
async function pebbleBackgroundRequest(page: Page) {
  const style = (await page.getByTestId('pebble-background').getAttribute('style')) ?? '';
  const m = /url\("\/img\/([A-Za-z0-9_-]+)"\)/.exec(style);
  return m ? decodeImageRequest(m[1]) : null;
}

test("a pebble's background image is the image service's §9 size, on a wide screen and on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/public/demo');
  const served = page.waitForResponse((r) => r.url().includes('/img/') && r.request().resourceType() === 'image');
  await page.getByRole('link', { name: 'Start trail' }).click();
  await expect(page.locator('form[data-pebble-id]')).toBeVisible();
  // the demo exam's first pebble has a background: 1600x900 cover, not the original file
  await expect
    .poll(() => pebbleBackgroundRequest(page))
    .toMatchObject({
      key: expect.stringMatching(/\.jpg$/),
      edits: { resize: { width: 1600, height: 900, fit: 'cover' } },
    });
  const image = await served;
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
  expect(await violations(page), 'pebble over its background, 1280 px').toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => pebbleBackgroundRequest(page))
    .toMatchObject({
      edits: { resize: { width: 900, height: 1600, fit: 'cover' } },
    });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page), 'pebble over its background, 390 px').toEqual([]);
});

test('a dashboard card opens the §9 800 px modal on a wide screen and a full-width one on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, request, DEMO.rival);
  await page.getByRole('link', { name: /^Me/ }).first().click();
  const card = page.locator('[data-card="user/points/most"]');
  await card.getByRole('button', { name: /See all \d+ in Most points/ }).click();
  const overlay = page.getByRole('dialog', { name: 'Most points' });
  await expect(overlay.getByText(/Page 1 of/)).toBeVisible();
  expect((await overlay.boundingBox())?.width).toBe(800);
  expect(await violations(page), 'dashboard overlay, 1280 px').toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  const phone = (await overlay.boundingBox())!;
  // the screen's width less a small margin, nothing cut off
  expect(phone.width).toBeGreaterThanOrEqual(340);
  expect(phone.x).toBeGreaterThanOrEqual(0);
  expect(phone.x + phone.width).toBeLessThanOrEqual(390);
  await expect(overlay.getByRole('button', { name: 'Close' })).toBeInViewport();
  expect(await violations(page), 'dashboard overlay, 390 px').toEqual([]);
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toHaveCount(0);
});

test('the interface in Simplified Chinese loads its messages from the zh-cn message files (§9)', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/zh_CN/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(scripts.filter((p) => /^\/assets\/zh-cn\.[a-z-]+-[\w-]+\.js$/.test(p)).length).toBeGreaterThan(0);
  expect(scripts.filter((p) => p.includes('zh_CN'))).toEqual([]);
});
