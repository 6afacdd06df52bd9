import type { ResultPebble } from '@cairn/shared/api/results';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { answerChoices, playPebble, TEXT_ANSWERS, UPLOADS } from './play';
import { DEMO, freshLearner, signIn, uploadedTrail, violations, warmUpLogin } from './support';

// Offline play (docs/offline.md): a trail downloaded, played without a network across a reload and a closed page,
// then sent back exactly once. A learner of its own plays it (made through the admin side before the first journey):
// the rewards popup this journey waits for is a first reward, which the seeded users may have had already. It plays
// a trail of its own too, uploaded through the admin side with the four kinds issue 31 names (a text input, a choice,
// an order list and an image upload; the demo exam has no upload), whose reward is earned by completing it.
const WHO = { email: '', password: 'offline-learner-1', id: 0 };
const SHOP_FLOOR = 'Shop floor check';
const SHOP_FLOOR_PACKAGE = `format: cairn-trail/1
name: ${SHOP_FLOOR}
type: survey
rewards:
  - key: shop-floor-ready
    title: Shop floor ready
    unlock: { on: trail_completed }
pebbles:
  - name: Your station
    xp: 5
    minerals: [ { type: text_input, title: What do you check first at your station? } ]
  - name: Helmets
    xp: 5
    minerals: [ { type: sa_text, title: Do you wear a helmet on site?, values: [ 'Always', 'Sometimes' ] } ]
  - name: Lockout
    xp: 5
    minerals: [ { type: order, title: Put the lockout steps in order, values: [ 'Switch off', 'Lock out', 'Test' ] } ]
  - name: Your workbench
    xp: 5
    minerals: [ { type: image_input, title: A photo of your workbench } ]
`;

/** No axe violations and nothing wider than the screen, at phone and desktop sizes; a screenshot of each. */
async function checkSizes(page: Page, what: string) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    expect(await violations(page), `${what} at ${size.width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${what}-${size.width}.png`) });
  }
}

/** Plays `count` pebbles; with `lastMoves` false the last stays on screen (offline, the trail's last pebble does). */
async function play(page: Page, count: number, lastMoves = true): Promise<string[]> {
  const seen: string[] = [];
  for (let step = 0; step < count; step++)
    seen.push(...(await playPebble(page, page, undefined, !lastMoves && step === count - 1)));
  return seen;
}

async function token(request: APIRequestContext, who: { email: string; password: string } = WHO): Promise<string> {
  const res = await request.post('/api/login', {
    data: { username: who.email, password: who.password, accepted: true },
  });
  return (await res.json()).data.access_token;
}

async function progressOf(request: APIRequestContext, trailId: number) {
  const res = await request.get(`/api/games/${trailId}`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
  });
  return (await res.json()).data.progress as { answered: number; status: string; tries_used: number };
}

/** Signs in, opens the trail's page and makes it available offline; returns its id. */
async function download(page: Page, trail: string): Promise<number> {
  await page.goto('/login');
  await signIn(page, WHO);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  // the service worker controls the page (it serves the shell and the kept files without a network)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.getByRole('link', { name: new RegExp(trail) }).click();
  await expect(page).toHaveURL(/\/games\/\d+$/);
  const trailId = Number(page.url().match(/\/games\/(\d+)/)?.[1]);
  const toggle = page.getByRole('switch', { name: 'Available offline' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/on this device$/)).toBeVisible();
  await checkSizes(page, 'offline-toggle');
  // the trail's card says it is kept, and how much it takes
  await page.getByRole('link', { name: 'Back to games' }).click();
  await expect(page.getByRole('link', { name: new RegExp(trail) }).getByText(/^Saved offline · /)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('games-offline-mark-1280.png') });
  await page.goBack();
  return trailId;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  Object.assign(WHO, await freshLearner(context.request, 'offline', WHO.password));
  await uploadedTrail(context.request, SHOP_FLOOR_PACKAGE, [WHO.id]);
  await context.close();
});

test.beforeEach(async ({ page, request }) => {
  await warmUpLogin(request, WHO);
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Congratulations!' }), async () => {
    await page.keyboard.press('Escape');
  });
});

test('answers made offline before the coach reset the trail are refused, and the learner sees which', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const trailId = await download(page, 'Demo exam');
  // one answer online, so the attempt has begun
  await page.goto(`/player/${trailId}`);
  await play(page, 1);
  await expect.poll(async () => (await progressOf(request, trailId)).answered).toBe(1);

  await context.setOffline(true);
  await play(page, 2);
  await expect(page.getByRole('status').filter({ hasText: 'Offline — 2 answers will be sent' })).toBeVisible();
  await checkSizes(page, 'offline-banner');

  // meanwhile the coach resets the learner's trail
  const coach = await token(request, DEMO.coach);
  const rivalId = (
    await (
      await request.get('/api/user/profile', { headers: { Authorization: `Bearer ${await token(request)}` } })
    ).json()
  ).data.id;
  const reset = await request.post(`/api/users/${rivalId}/reset/trail`, {
    headers: { Authorization: `Bearer ${coach}` },
    data: { trails_ids: [trailId] },
  });
  expect(reset.status()).toBe(200);

  await context.setOffline(false);
  const refused = page.getByRole('alert').filter({ hasText: '2 answers were not accepted' });
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused.getByRole('listitem')).toHaveCount(2);
  await expect(refused.getByRole('listitem').first()).toContainText('the trail was reset after you answered');
  await checkSizes(page, 'refused-answers');
  expect(await progressOf(request, trailId)).toMatchObject({ answered: 0 });
  await refused.getByRole('button', { name: 'OK, got it' }).click();
  await expect(refused).toBeHidden();
});

/** How many answers wait in the device's outbox, and how many chosen files are kept for them (IndexedDB). */
function keptOnDevice(page: Page): Promise<{ answers: number; files: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('cairn-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['outbox', 'uploads']);
          const answers = tx.objectStore('outbox').count();
          const files = tx.objectStore('uploads').count();
          tx.oncomplete = () => {
            open.result.close();
            resolve({ answers: answers.result, files: files.result });
          };
        };
      }),
  );
}

test('a trail with a text input, a choice, an order list and an image upload, played offline across a reload and a closed page, sent exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const trailId = await download(page, SHOP_FLOOR);
  await page.goto(`/player/${trailId}`);
  await expect(page.locator('form[data-pebble-id]')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const seen = await play(page, 2);
  await expect(page.getByRole('status').filter({ hasText: 'Offline — 2 answers will be sent' })).toBeVisible();

  // the page is closed and the app opened again, still without a network: the answers are still waiting
  await page.close();
  const again = await context.newPage();
  await again.goto(`/player/${trailId}`);
  await expect(again.getByRole('status').filter({ hasText: 'Offline — 2 answers will be sent' })).toBeVisible();
  seen.push(...(await play(again, 1)));
  // the photo chosen without a network is kept on the device, to be uploaded with its answer
  seen.push(...(await answerChoices(again, again)));
  await expect(
    again.getByText('answer.png is kept on this device and will be uploaded when you are back online.'),
  ).toBeVisible();
  await again.getByRole('button', { name: /^(Next|Finish)$/ }).click();
  expect(seen).toEqual(['text_input', 'sa_text', 'order', 'image_input']);
  await expect(again.getByRole('status').filter({ hasText: 'Offline — 4 answers will be sent' })).toBeVisible();
  expect(await keptOnDevice(again)).toEqual({ answers: 4, files: 1 });
  // nothing final without the server: no reward popup, no end screen
  await expect(again.getByRole('dialog', { name: /Congratulations!|Your first reward!/ })).toHaveCount(0);
  await expect(again.locator('[data-end-screen]')).toHaveCount(0);
  expect((await progressOf(request, trailId)).answered).toBe(0);

  // back online: sent in the background, then the server's decisions arrive
  await context.setOffline(false);
  const popup = again.getByRole('dialog', { name: 'Congratulations!' });
  await expect(popup).toBeVisible({ timeout: 30_000 });
  await expect(popup).toContainText('Shop floor ready');
  await again.screenshot({ path: test.info().outputPath('rewards-after-sync-1280.png') });
  await again.keyboard.press('Escape');
  await expect(again.getByRole('dialog', { name: 'Your first reward!' })).toBeVisible();
  await expect(again.getByRole('status').filter({ hasText: /answers? (will be sent|left|waiting)/ })).toHaveCount(0);
  expect(await keptOnDevice(again)).toEqual({ answers: 0, files: 0 });

  // the server holds every answer once, the photo included, and the photo reads back as it was chosen
  expect(await progressOf(request, trailId)).toMatchObject({ answered: 4, status: 'completed', tries_used: 1 });
  const auth = { headers: { Authorization: `Bearer ${await token(request)}` } };
  const result = (await (await request.get(`/api/results/users/${WHO.id}/${trailId}`, auth)).json()).data as {
    summary: { points: { score: number } };
    markers: { pebbles: ResultPebble[] }[];
  };
  const pebbles = result.markers.flatMap((m) => m.pebbles);
  expect(pebbles.map((p) => [p.type, p.answered])).toEqual([
    ['text_input', true],
    ['sa_text', true],
    ['order', true],
    ['image_input', true],
  ]);
  const [text, choice, , photo] = pebbles;
  expect(text.options.map((o) => o.input?.text)).toEqual([TEXT_ANSWERS.text_input]);
  expect(choice.options.filter((o) => o.selected).map((o) => o.title)).toEqual(['Always']);
  expect(photo.options).toHaveLength(1);
  const mediaId = photo.options[0].input?.media_id;
  expect(mediaId).toEqual(expect.any(Number));
  const file = await request.get(`/api/media/${mediaId}/download`, auth);
  expect(file.status()).toBe(200);
  expect(Buffer.compare(await file.body(), UPLOADS.image_input.buffer)).toBe(0);
  const image = await request.get(photo.options[0].input?.image ?? '', auth);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});
