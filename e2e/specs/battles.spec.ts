import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

/** axe over the page as it is now (the a11y journey's tags). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto('/login');
  await signIn(page, who);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  return page;
}

/** Answers the battle's current pebble with each mineral's first option (both players alike: a draw). */
async function answerBattlePebble(page: Page) {
  for (const section of await page.locator('section[data-mineral-type]').all()) {
    const type = (await section.getAttribute('data-mineral-type')) ?? '';
    if (type === 'order') continue; // the order as shown is an answer
    const role = type.startsWith('ma_') ? 'checkbox' : 'radio';
    await section.getByRole(role).first().focus();
    await page.keyboard.press('Space');
  }
}

/** Plays every pebble of the battle page `page` is on, until it waits for the opponent or shows the summary. */
async function playBattle(page: Page, total: number) {
  for (let i = 1; i <= total; i++) {
    await expect(page.getByText(`Question ${i} of ${total}`)).toBeVisible();
    // the strip names the question at once; its form comes with the pebble
    await expect(page.locator('section[data-mineral-type]').first()).toBeVisible();
    await answerBattlePebble(page);
    const next = page.getByRole('button', { name: /^(Next|Finish)$/ });
    await expect(next).toBeEnabled();
    await next.click();
    // the reveal of the answer (battle-duel.spec.ts looks at it), then on
    await page.getByRole('button', { name: i === total ? 'See the result' : 'Continue' }).click();
  }
}

/** Resets the demo battle trail for a user (the player journeys play it from the start later). */
async function resetTrail(request: APIRequestContext, who: { email: string; password: string }, trailId: number) {
  const login = await request.post('/api/login', {
    data: { username: who.email, password: who.password, accepted: true },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  await request.delete(`/api/games/reset/${trailId}`, { headers });
}

test('a battle between two learners: challenge, live popup, accept, both play, both see the summary', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await warmUpLogin(request, DEMO.learner);
  await warmUpLogin(request, DEMO.rival);
  const learner = await signedIn(browser, DEMO.learner);
  const rival = await signedIn(browser, DEMO.rival);
  let trailId = 0;
  try {
    // the rival opens the demo battle trail and picks the learner from the contenders
    await rival.getByRole('link', { name: /Quick-fire battle/ }).click();
    await expect(rival).toHaveURL(/\/games\/\d+$/);
    trailId = Number(rival.url().match(/\/games\/(\d+)/)?.[1]);
    await rival.getByRole('link', { name: 'Challenge someone' }).click();
    await expect(rival.getByRole('heading', { name: 'Choose a contender' })).toBeVisible();
    await rival.getByLabel('Search by name').fill('Lena');
    await expect(rival.getByText('Contenders: 1')).toBeVisible();
    await rival.getByRole('button', { name: 'Challenge Lena Learner' }).click();
    const confirm = rival.getByRole('dialog', { name: 'Start a battle' });
    await confirm.getByRole('button', { name: 'Challenge', exact: true }).click();
    await expect(rival).toHaveURL(/\/games\/battle\/\d+$/);
    const battleId = Number(rival.url().match(/\/games\/battle\/(\d+)/)?.[1]);
    await expect(rival.getByText('Question 1 of 4')).toBeVisible();
    expect(await violations(rival), 'battle play').toEqual([]);

    // the learner (not in a battle) gets the challenge live, with Decline and Accept
    const popup = learner.getByRole('dialog', { name: 'New challenge' });
    await expect(popup).toBeVisible({ timeout: 15_000 });
    await expect(popup).toContainText('Rico Rival challenges you on Quick-fire battle');
    await expect(popup.getByRole('button', { name: 'Decline' })).toBeVisible();
    await popup.getByRole('button', { name: 'Accept' }).click();
    await expect(learner).toHaveURL(new RegExp(`/games/battle/${battleId}$`));
    await expect(popup).toBeHidden();

    // both play the four pebbles; the learner watches the rival's progress move live
    const rivalSide = learner.getByText(/of 4 answered/).last();
    await expect(rivalSide).toHaveText('0 of 4 answered');
    await playBattle(rival, 4);
    await expect(rivalSide).toHaveText('4 of 4 answered', { timeout: 15_000 });
    // §4: the challenger who has finished sees the summary; the result comes when the contender finishes
    await expect(rival).toHaveURL(new RegExp(`/player-battle/${battleId}$`), { timeout: 15_000 });
    await expect(rival.getByText('You have finished. The result comes when Lena Learn… finishes.')).toBeVisible();
    await playBattle(learner, 4);

    // the battle is over: both see the summary (same answers: a draw) with per-question marks
    for (const page of [learner, rival]) {
      await expect(page).toHaveURL(new RegExp(`/player-battle/${battleId}$`), { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Battle summary' })).toBeVisible();
      await expect(page.getByText("It's a draw")).toBeVisible();
      await expect(page.getByRole('table', { name: 'Results per question' }).getByRole('row')).toHaveCount(5);
      await expect(page.getByRole('region', { name: 'Your battle record' })).toBeVisible();
    }
    // the rival was on the battle when it ended: no popup over the summary (docs/battles.md, "No interruptions")
    await rival.waitForTimeout(1000);
    await expect(rival.getByRole('dialog')).toHaveCount(0);

    // the battle screens pass axe at phone and desktop sizes
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await rival.setViewportSize(size);
      for (const path of [`/player-battle/${battleId}`, `/games/contender/${trailId}`, `/games/${trailId}`]) {
        await rival.goto(path);
        await expect(rival.getByRole('heading', { level: 1 })).toBeVisible();
        if (path.startsWith('/games/contender')) await expect(rival.getByText('Lena Learner')).toBeVisible();
        expect(await violations(rival), `${path} at ${size.width}px`).toEqual([]);
      }
    }
    // this battle's card (the duel journey's battles, if it ran first, are listed too)
    await expect(rival.locator(`a[href$="/player-battle/${battleId}"]`)).toContainText(/Against Lena Learn/);
    // /me shows the battle record once the learner has battled
    await rival.goto('/me');
    const record = rival.getByRole('region', { name: 'Your battle record' });
    // at least this battle (the duel journey's battles count too when it ran first)
    await expect(record.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
  } finally {
    await learner.context().close();
    await rival.context().close();
    if (trailId) {
      await resetTrail(request, DEMO.learner, trailId);
      await resetTrail(request, DEMO.rival, trailId);
    }
  }
});
