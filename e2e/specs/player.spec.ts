import { MINERAL_TYPES } from '@cairn/shared/api/trails';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

// The smallest files the server's content sniffing accepts for each upload mineral.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(64)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const UPLOADS: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {
  image_input: { name: 'answer.png', mimeType: 'image/png', buffer: PNG },
  audio_input: { name: 'answer.wav', mimeType: 'audio/wav', buffer: WAV },
  video_input: { name: 'answer.mp4', mimeType: 'video/mp4', buffer: MP4 },
  file_input: { name: 'answer.pdf', mimeType: 'application/pdf', buffer: PDF },
};

/** Chooses the radio or checkbox at `index` by keyboard, as a learner without a mouse would. */
async function pressChoice(section: Locator, role: 'radio' | 'checkbox', index: number) {
  const options = section.getByRole(role);
  await expect(options.first()).toBeVisible();
  await options.nth(Math.min(index, (await options.count()) - 1)).focus();
  await section.page().keyboard.press('Space');
}

/** Gives every mineral on the current pebble an answer its rules accept; returns the mineral types seen. */
async function answerPebble(page: Page): Promise<string[]> {
  const sections = page.locator('section[data-mineral-type]');
  const types: string[] = [];
  for (const section of await sections.all()) {
    const type = (await section.getAttribute('data-mineral-type')) ?? '';
    types.push(type);
    if (
      !(await section
        .locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')
        .count())
    )
      continue;
    switch (type) {
      case 'text_input':
        await section.getByRole('textbox').fill('A spider has eight legs.');
        break;
      case 'number_input':
        await section.getByRole('textbox').fill('8');
        break;
      case 'email_input':
        await section.getByRole('textbox').fill('learner@example.com');
        break;
      case 'url_input':
        await section.getByRole('textbox').fill('https://example.com/portfolio');
        break;
      case 'date_input':
        await section.getByRole('combobox', { name: 'Day' }).selectOption('01');
        await section.getByRole('combobox', { name: 'Month' }).selectOption('01');
        await section.getByRole('combobox', { name: 'Year' }).selectOption('2000');
        break;
      case 'audio_input':
      case 'image_input':
      case 'video_input':
      case 'file_input':
        if (await section.getByRole('button', { name: 'Delete file' }).count()) break;
        await section.locator('input[type=file]').setInputFiles(UPLOADS[type]);
        await expect(section.getByRole('button', { name: 'Delete file' })).toBeVisible();
        break;
      case 'opinion':
        await pressChoice(section, 'radio', 7);
        break;
      case '5_point_rating':
        await pressChoice(section, 'radio', 3);
        break;
      case 'order': {
        // move the last item to the top by keyboard
        const items = section.getByRole('listitem').getByRole('button');
        await items.last().focus();
        await page.keyboard.press('Space');
        for (let i = 1; i < (await items.count()); i++) await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Space');
        break;
      }
      case 'word_bubble':
        for (const word of await section.getByRole('button', { pressed: false }).all()) await word.click();
        break;
      default:
        if (type.startsWith('ma_')) await pressChoice(section, 'checkbox', 0);
        else await pressChoice(section, 'radio', 0);
    }
  }
  return types;
}

/** Answers pebble after pebble until `done` shows up; returns every mineral type met on the way. */
async function playToEnd(page: Page, done: () => Promise<boolean>): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let step = 0; step < 40; step++) {
    const form = page.locator('form[data-pebble-id]');
    await expect(form).toBeVisible();
    const id = await form.getAttribute('data-pebble-id');
    for (const t of await answerPebble(page)) seen.add(t);
    const next = page.getByRole('button', { name: /^(Next|Finish)$/ });
    await expect(next).toBeEnabled();
    await next.click();
    // a pebble with a right answer (or a shared poll) shows its check step first: Continue moves on
    const check = page.getByRole('button', { name: /^(Continue|See your result)$/ });
    await expect(async () => {
      if (await check.isVisible()) await check.click();
      const moved = (await page.locator(`form[data-pebble-id]:not([data-pebble-id="${id}"])`).count()) > 0;
      expect(moved || (await done())).toBe(true);
    }).toPass({ timeout: 15_000 });
    if (await done()) return seen;
  }
  throw new Error('the trail did not finish within 40 pebbles');
}

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
  await playToEnd(page, () => finished.isVisible());
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

  await playToEnd(page, async () => /\/thank-you$/.test(page.url()));
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
    for (const t of await playToEnd(page, () => finished.isVisible())) seen.add(t);
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
    await answerPebble(page);
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
