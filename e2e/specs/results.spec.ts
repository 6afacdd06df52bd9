import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { playChoicesToEnd } from './play';
import { adminHeaders, DEMO, freshLearner, signIn, violations, warmUpLogin } from './support';

// The coach plays the demo exam here: the other journeys rely on the learner and the rival.
const WHO = DEMO.coach;
// right answers of apps/server/assets/demo/demo-exam.yaml by option text
const RIGHT = new Set(['Paris', '2', '3', '5', 'Triangle', 'Banana', 'Grape', 'No']);
const ORDERED: Record<string, string[]> = {
  order: ['Mercury', 'Venus', 'Earth', 'Mars'],
  word_bubble: ['the', 'quick', 'brown', 'fox'],
};

interface Mineral {
  id: number;
  type: string;
  properties: { values?: { id: number; value: string }[] };
}

async function api(request: APIRequestContext) {
  // access tokens live 6 s in the e2e server: a fresh one for every step
  const auth = async () => {
    const login = await request.post('/api/login', {
      data: { username: WHO.email, password: WHO.password, accepted: true },
    });
    return { authorization: `Bearer ${(await login.json()).data.access_token}` };
  };
  let headers = await auth();
  const games = (await (await request.get('/api/games', { headers })).json()).data as { id: number; name: string }[];
  const trailId = games.find((g) => g.name === 'Demo exam')?.id ?? 0;
  /** Answers the current pebble right through the API (as the player would post it). */
  async function answerCurrent(): Promise<string> {
    headers = await auth();
    const pebble = (await (await request.get(`/api/pebbles/${trailId}`, { headers })).json()).data;
    const answers = (pebble.minerals as Mineral[]).map((m) => {
      const values = m.properties.values ?? [];
      const order = ORDERED[m.type];
      if (order) return { id: m.id, options: order.map((v) => values.find((o) => o.value === v)?.id) };
      return { id: m.id, options: values.filter((o) => RIGHT.has(o.value)).map((o) => o.id) };
    });
    const res = await request.post(`/api/pebbles/${pebble.id}`, { headers, data: { answers, action: 'next' } });
    expect(res.status()).toBe(200);
    return pebble.name;
  }
  return { trailId, answerCurrent };
}

/** Ticks a choice by keyboard: the native input is dressed as a card. */
async function tick(page: Page, role: 'checkbox' | 'radio', name: RegExp) {
  await page.getByRole(role, { name }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole(role, { name })).toBeChecked();
}

async function pebbleNamed(page: Page, name: string) {
  await expect(page.locator('form[data-pebble-id]')).toBeVisible();
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
}

test('finishing the demo exam: reward popup by keyboard, certificate and results PDF downloaded, then a new try', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await warmUpLogin(request, WHO);
  const { trailId, answerCurrent } = await api(request);
  // the first three pebbles through the API; the fourth completes the Basics stage in the browser
  for (const name of ['Capitals', 'Primes', 'Shapes']) expect(await answerCurrent()).toBe(name);

  await page.goto('/login');
  await signIn(page, WHO);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await page.goto(`/player/${trailId}`);
  await pebbleNamed(page, 'Fruit');
  await tick(page, 'checkbox', /Banana/);
  await tick(page, 'checkbox', /Grape/);
  await page.getByRole('button', { name: 'Next' }).click();
  // the check step says the answer was right
  await expect(page.getByRole('region', { name: 'Correct!' })).toBeVisible();

  // Basics completed and 40 xp reached: two rewards, the first one ever among them
  const popup = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'First steps' })).toBeVisible();
  await expect(popup.getByText('Reward 1 of 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(popup.getByRole('heading', { name: 'Sharp mind' })).toBeVisible();
  await expect(popup.getByText('Latest')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(popup.getByRole('heading', { name: 'First steps' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  const first = page.getByRole('dialog', { name: 'Your first reward!' });
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: 'Close' }).click();
  await expect(first).toBeHidden();

  // the next two through the API, the last one in the browser
  for (const name of ['Planets in order', 'Build the sentence']) expect(await answerCurrent()).toBe(name);
  await page.reload();
  await pebbleNamed(page, 'Facts and figures');
  const form = page.locator('form[data-pebble-id]');
  await form.locator('section[data-mineral-type="text_input"]').getByRole('textbox').fill('carbon dioxide');
  await form.locator('section[data-mineral-type="number_input"]').getByRole('textbox').fill('8');
  await form.getByRole('combobox', { name: 'Day' }).selectOption('01');
  await form.getByRole('combobox', { name: 'Month' }).selectOption('01');
  await form.getByRole('combobox', { name: 'Year' }).selectOption('2000');
  await tick(page, 'radio', /^No$|: No$/);
  await page.getByRole('button', { name: 'Finish' }).click();

  // the check step, then the end screen: the finisher reward in its carousel, not a popup over it
  await page.getByRole('button', { name: 'See your result' }).click();
  const finished = page.getByRole('region', { name: 'Trail passed!' });
  await expect(finished).toBeVisible();
  // the rewards of the trail in the order they were earned: the finisher last, one step back round the carousel
  const carousel = finished.getByRole('region', { name: 'Congratulations!' });
  await expect(carousel.getByText('Reward 1 of 3')).toBeVisible();
  await carousel.getByRole('button', { name: 'Previous reward' }).click();
  await expect(carousel.getByRole('heading', { name: 'Finisher' })).toBeVisible();
  await expect(popup).toHaveCount(0);
  await finished.getByRole('button', { name: 'Back to the questions' }).click();

  // the trail result panel: passed, certificate, results PDF
  await page.getByRole('button', { name: 'See results' }).click();
  const panel = page.getByRole('dialog', { name: 'Trail result' });
  await expect(panel.getByRole('heading', { name: 'Demo exam' })).toBeVisible();
  await expect(panel.getByText('Passed · 7 / 7')).toBeVisible();
  // the pebble's feedback (§3) under its answers
  await panel.getByRole('button', { name: /^Basics/ }).click();
  await expect(panel.getByText('Paris has been the capital of France since the 10th century.')).toBeVisible();

  const certificate = panel.getByRole('link', { name: 'Download certificate Demo exam certificate' });
  const [download] = await Promise.all([page.waitForEvent('download'), certificate.click()]);
  const file = readFileSync((await download.path()) ?? '');
  expect(file.length).toBeGreaterThan(1000);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  await panel.getByRole('button', { name: 'Download results PDF' }).click();
  await expect(page.getByText('Your results PDF is being generated')).toBeVisible();
  // NOTIFY_RESULTS_PDF refreshes the result: the download becomes a link to the PDF, opening a new tab
  const pdfLink = panel.getByRole('link', { name: 'Download results PDF' });
  await expect(pdfLink).toBeVisible({ timeout: 30_000 });
  const href = (await pdfLink.getAttribute('href')) ?? '';
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const body = await res.body();
  expect(body.length).toBeGreaterThan(1000);
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const [tab] = await Promise.all([page.waitForEvent('popup'), pdfLink.click()]);
  expect(tab.url()).toContain(href);
  await tab.close();

  // Me links to the summary of every trail type: the exam reads Passed there, and its row opens the result again
  await page.goto('/me');
  await page.getByRole('link', { name: 'All my results' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  const exams = page.getByRole('region', { name: 'Exams' });
  await expect(
    exams
      .getByRole('listitem')
      .filter({ hasText: 'Demo exam' })
      .getByText(/^Passed ·/),
  ).toBeVisible();
  await exams.getByRole('button', { name: 'Result of Demo exam' }).click();
  await expect(panel.getByText('Passed · 7 / 7')).toBeVisible();

  // reset a try: the try-again modal, then the player starts over from the first pebble
  await panel.getByRole('button', { name: 'Try again' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Try again?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/player\/\d+$/);
  await pebbleNamed(page, 'Capitals');
  const login = await request.post('/api/login', {
    data: { username: WHO.email, password: WHO.password, accepted: true },
  });
  const authorization = `Bearer ${(await login.json()).data.access_token}`;
  const progress = (await (await request.get(`/api/games/${trailId}`, { headers: { authorization } })).json()).data
    .progress;
  expect(progress.tries_used).toBe(2);
  expect(progress.answered).toBe(0);
});

test('uploaded answers show their file-type icons in the trail result, at 1280 px and 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // a learner of this journey's own plays the demo survey, whose last pebble takes an image, audio, video and a pdf
  const who = await freshLearner(request, 'uploads', 'uploads-pass-123');
  const headers = await adminHeaders(request);
  const trails = (await (await request.get('/api/admin/trails', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const survey = trails.find((t) => t.name === 'Workplace survey');
  expect(survey).toBeDefined();
  const assigned = await request.post(`/api/admin/trails/${survey?.id}/assignments`, {
    headers,
    data: { user_ids: [who.id] },
  });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, who);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await page.goto(`/player/${survey?.id}`);
  const finished = page.locator('[data-end-screen]');
  const seen = await playChoicesToEnd(page, page, () => finished.isVisible());
  expect([...seen]).toEqual(expect.arrayContaining(['image_input', 'audio_input', 'video_input', 'file_input']));

  await page.goto(`/results/${survey?.id}`);
  await page.getByRole('button', { name: /^Show us/ }).click();
  const answers = page.getByRole('list', { name: 'Answers to Show and tell' });
  for (const kind of ['Image', 'Audio', 'Video', 'PDF document']) {
    await expect(answers.getByRole('img', { name: kind, exact: true })).toBeVisible();
  }
  // wide: the chat with the survey's coach stands beside the result
  await expect(page.getByRole('complementary', { name: 'Chat with Cora Coach' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(answers.getByRole('img', { name: 'PDF document', exact: true })).toBeVisible();
  await expect(page.getByTestId('result-chat')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await context.close();
});
