import { MINERAL_TYPES } from '@cairn/shared/api/trails';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { answerChoices, playChoicesToEnd } from './play';
import { DEMO, signIn, warmUpLogin } from './support';

// Rewards unlocked on the way pop up over the player (docs/results.md); these journeys are about playing,
// so whenever a reward popup shows up before an action, close it as a learner would.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Congratulations!' }), async () => {
    await page.keyboard.press('Escape');
  });
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Your first reward!' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

async function openTrail(page: Page, name: string) {
  await page.goto('/games');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
  await expect(page).toHaveURL(/\/player\/\d+$/);
}

test('a learner plays the demo exam to its end and gets the end screen', async ({ page, request }) => {
  // a whole trail, pebble by pebble: longer than one screen's journey
  test.setTimeout(180_000);
  await warmUpLogin(request, DEMO.learner);
  await page.goto('/login');
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await openTrail(page, 'Demo exam');

  // the info and navigator panels open over the player
  await page.getByRole('button', { name: 'Trail info' }).click();
  await expect(page.getByRole('dialog', { name: 'Trail panel' })).toContainText('Demo exam');
  // the play time is the attempt's (m:ss), the same seconds the trail result shows (docs/player.md, Times)
  await expect(page.getByRole('dialog', { name: 'Trail panel' }).locator('time')).toHaveText(/^\d+:\d{2}$/);
  await page.getByRole('tab', { name: 'Navigator' }).click();
  await expect(page.locator('[aria-current="step"]')).toBeVisible();
  // the pebbles are numbered on screen, not only for screen readers (§2)
  const numbers = page.getByRole('dialog', { name: 'Trail panel' }).getByTestId('pebble-number');
  await expect(numbers.first()).toBeVisible();
  await expect(numbers.first()).toHaveText('1');
  await page.getByRole('button', { name: 'Close trail panel' }).click();

  const finished = page.locator('[data-end-screen]');
  await playChoicesToEnd(page, page, () => finished.isVisible());
  await expect(finished).toBeVisible();
  await finished.getByRole('link', { name: 'Back to games' }).click();
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
});

test('the public link plays its trail and ends on thank-you', async ({ page }) => {
  await page.goto('/public/demo');
  await page.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
  await expect(page).toHaveURL(/\/player\/\d+$/);
  // the reduced interface: no panels, only the exit warning
  await expect(page.getByRole('button', { name: 'Trail info' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Exit' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Leave this trail?' });
  await expect(warning).toContainText('Exiting this page will erase all your answers');
  await warning.getByRole('button', { name: 'No' }).click();

  await playChoicesToEnd(page, page, async () => /\/thank-you$/.test(page.url()));
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  // branded, with the score, and no "Please log in to continue." toast at the end
  await expect(page.getByRole('img', { name: 'Cairn logo' })).toBeVisible();
  await expect(page.getByText(/^Your score: \d+ of \d+$/)).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByText('Please log in to continue.')).toHaveCount(0);
});

/** Signs in as `who` and plays the four demo trails to their ends; returns the mineral types answered. */
async function playEveryTrail(page: Page, who: { email: string; password: string }): Promise<string[]> {
  await page.goto('/login');
  await signIn(page, who);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  const seen = new Set<string>();
  const finished = page.locator('[data-end-screen]');
  for (const name of ['Demo exam', 'Workplace survey', 'Listening style assessment', 'Quick-fire battle']) {
    await openTrail(page, name);
    for (const t of await playChoicesToEnd(page, page, () => finished.isVisible())) seen.add(t);
    await finished.getByRole('link', { name: 'Back to games' }).click();
  }
  return [...seen].sort();
}

/**
 * `who` may have played these trails in an earlier journey (battles, branding, chat …): every trail starts afresh so
 * this journey sees every pebble whatever ran before it (a reset spends a try; 409 when none is left to reset).
 */
async function startAfresh(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/api/login', {
    data: { username: who.email, password: who.password, accepted: true },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  const games = (await (await request.get('/api/games', { headers })).json()).data as { id: number }[];
  for (const g of games) {
    const reset = await request.delete(`/api/games/reset/${g.id}`, { headers });
    expect([200, 409]).toContain(reset.status());
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the demo trails together answer every mineral type', async ({ page, request }) => {
    test.setTimeout(300_000);
    await startAfresh(request, DEMO.rival);
    expect(await playEveryTrail(page, DEMO.rival)).toEqual([...MINERAL_TYPES].sort());
  });
});

/** A horizontal finger swipe across the middle of the page (real touch events through the DevTools protocol). */
async function swipe(page: Page, direction: 'left' | 'right') {
  const cdp = await page.context().newCDPSession(page);
  const y = 420;
  const [from, to] = direction === 'left' ? [330, 50] : [50, 330];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from + ((to - from) * i) / 5, y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('swiping on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a swipe to the left moves on to the next pebble, a swipe to the right comes back', async ({ page }) => {
    await page.goto('/public/demo');
    await page.getByRole('link', { name: 'Start trail' }).click();
    const form = page.locator('form[data-pebble-id]');
    await expect(form).toBeVisible();
    const first = await form.getAttribute('data-pebble-id');
    await answerChoices(page, page);
    await swipe(page, 'left');
    await expect(page.locator(`form[data-pebble-id]:not([data-pebble-id="${first}"])`)).toBeVisible();
    await swipe(page, 'right');
    await expect(page.locator(`form[data-pebble-id="${first}"]`)).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the demo trails together answer every mineral type', async ({ page, request }) => {
    test.setTimeout(300_000);
    await startAfresh(request, DEMO.learner);
    expect(await playEveryTrail(page, DEMO.learner)).toEqual([...MINERAL_TYPES].sort());
  });
});
