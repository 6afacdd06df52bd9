import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

const TRAIL = 'Listening style assessment';

/** The learner's side through the API (access tokens live 6 s here: a fresh one per call). */
async function learnerApi(request: APIRequestContext) {
  const headers = async () => {
    const res = await request.post('/api/login', {
      data: { username: DEMO.learner.email, password: DEMO.learner.password, accepted: true },
    });
    return { authorization: `Bearer ${(await res.json()).data.access_token}` };
  };
  const games = (await (await request.get('/api/games', { headers: await headers() })).json()).data as {
    id: number;
    name: string;
    progress: { answered: number };
  }[];
  const trailId = games.find((g) => g.name === TRAIL)?.id ?? 0;
  return {
    trailId,
    async answered(): Promise<number> {
      const res = await request.get(`/api/games/${trailId}`, { headers: await headers() });
      return (await res.json()).data.progress.answered;
    },
    /** answers the current pebble with the first option of each mineral */
    async answerCurrent() {
      const h = await headers();
      const pebble = (await (await request.get(`/api/pebbles/${trailId}`, { headers: h })).json()).data;
      const answers = (pebble.minerals as { id: number; properties: { values: { id: number }[] } }[]).map((m) => ({
        id: m.id,
        options: [m.properties.values[0].id],
      }));
      const res = await request.post(`/api/pebbles/${pebble.id}`, { headers: h, data: { answers, action: 'next' } });
      expect(res.status()).toBe(200);
    },
  };
}

test('a coach finds a learner, sees their progress and result, resets a trail, and the learner starts again', async ({
  page,
  request,
  browser,
}) => {
  const learner = await learnerApi(request);
  expect(learner.trailId).toBeGreaterThan(0);
  if ((await learner.answered()) === 0) await learner.answerCurrent();
  expect(await learner.answered()).toBeGreaterThan(0);

  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await page.waitForURL(/\/games/);
  await page.getByRole('link', { name: 'Results', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results of my learners' })).toBeVisible();

  // one character does not search; two do (after the 1 s debounce)
  const search = page.getByLabel('Search learners');
  await search.fill('l');
  await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
  await search.fill('lena');
  const learners = page.getByRole('list', { name: 'Learners' });
  await expect(learners.getByRole('button')).toHaveCount(1);
  await learners.getByRole('button', { name: /Lena Learner/ }).click();

  const detail = page.getByTestId('coach-user-detail');
  await expect(detail.getByRole('heading', { name: 'Lena Learner' })).toBeVisible();
  await expect(detail.getByTestId('progress-chart')).toBeVisible();
  const row = detail.locator(`[data-trail="${TRAIL}"]`);
  await expect(row.getByText('In progress')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // the learner's result opens in the result panel
  await row.getByRole('button', { name: `See the result of ${TRAIL}` }).click();
  const panel = page.getByRole('dialog', { name: /Trail result|Result of/ });
  await expect(panel.getByText(TRAIL).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // the reset asks first; No keeps the answers
  await row.getByRole('button', { name: `Reset ${TRAIL}` }).click();
  const warning = page.getByRole('alertdialog', { name: 'Reset the answers?' });
  await expect(warning).toContainText('Lena Learner');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  expect(await learner.answered()).toBeGreaterThan(0);
  await row.getByRole('button', { name: `Reset ${TRAIL}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Reset the answers?' })
    .getByRole('button', { name: 'Yes, reset' })
    .click();
  await expect(page.getByText(`${TRAIL} was reset for Lena Learner`)).toBeVisible();
  await expect(row.getByText('Not started')).toBeVisible();
  expect(await learner.answered()).toBe(0);

  // the learner sees the trail from its start
  const context = await browser.newContext();
  const lp = await context.newPage();
  await warmUpLogin(lp.request, DEMO.learner);
  await lp.goto('/login');
  await signIn(lp, DEMO.learner);
  await lp.waitForURL(/\/games/);
  await lp.goto(`/games/${learner.trailId}`);
  await expect(lp.getByRole('link', { name: 'Start trail' })).toBeVisible();
  await context.close();
});

test('a learner has leaderboards and certificates on /me, and no coach screen', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.rival);
  await page.goto('/login');
  await signIn(page, DEMO.rival);
  await page.waitForURL(/\/games/);
  await page.getByRole('link', { name: /^Me/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Leaderboards' })).toBeVisible();
  const card = page.locator('[data-card="user/points/most"]');
  await expect(card.getByText(/Rico Rival/)).toBeVisible();
  await card.getByRole('button', { name: /See all \d+ in Most points/ }).click();
  const overlay = page.getByRole('dialog', { name: 'Most points' });
  await expect(overlay.getByText('Page 1 of 1')).toBeVisible();
  await overlay.getByLabel('Trail').selectOption({ label: 'Demo exam' });
  await expect(overlay.getByLabel('Trail')).toHaveValue(/\d+/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Certificates' })).toBeVisible();
  // no Results entry, and the address shows a notice without asking the server
  await expect(page.getByRole('link', { name: 'Results', exact: true })).toHaveCount(0);
  await page.goto('/coach');
  await expect(page.getByText('This page is for coaches.')).toBeVisible();
});
