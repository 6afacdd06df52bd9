import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, warmUpLogin } from './support';

// Battles that feel like a duel (docs/battles.md): full screen under a compact score strip, a reveal after every
// question (the opponent's answer arriving live), never a blocking popup during play, the question above the fold
// on a phone, the summary reached by keyboard. Two players answer in turn, at phone and desktop sizes.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function token(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/login', {
    data: { username: who.email, password: who.password, accepted: true },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.access_token;
}

/** A signed-in page at `size` that records every dialog that ever appears in it (window.__dialogs). */
async function player(browser: Browser, who: typeof DEMO.learner, size: (typeof SIZES)[0]) {
  const context = await browser.newContext({ viewport: size });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __dialogs: string[] }).__dialogs = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]')) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.slice(0, 60) ?? '?';
        if (!seen.includes(name)) seen.push(name);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  return page;
}

const dialogsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __dialogs: string[] }).__dialogs);

/** Answers the question on screen: `pick` names the option (a radio or checkbox); null keeps the order shown. */
async function answer(page: Page, pick: string | null) {
  if (pick !== null) {
    const option = page
      .getByRole('radio', { name: pick })
      .or(page.getByRole('checkbox', { name: pick }))
      .first();
    await option.focus();
    await page.keyboard.press('Space');
  }
  const next = page.getByRole('button', { name: /^(Next|Finish)$/ });
  await expect(next).toBeEnabled();
  await next.click();
}

async function resetTrail(request: APIRequestContext, who: typeof DEMO.learner, trailId: number) {
  const headers = { authorization: `Bearer ${await token(request, who)}` };
  await request.delete(`/api/games/reset/${trailId}`, { headers });
}

for (const size of SIZES) {
  test(`a duel at ${size.width}×${size.height}: both answer in turn, see the reveals, never a popup`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await warmUpLogin(request, DEMO.learner);
    await warmUpLogin(request, DEMO.rival);
    // access tokens live 6 s in the journeys: each call signs in afresh
    const as = async (who: typeof DEMO.learner) => ({ authorization: `Bearer ${await token(request, who)}` });
    const games = await (await request.get('/api/games', { headers: await as(DEMO.learner) })).json();
    const trailId: number = games.data.find((g: { name: string }) => g.name === 'Quick-fire battle').id;
    const profile = await (await request.get('/api/user/profile', { headers: await as(DEMO.learner) })).json();
    const learnerId: number = profile.data.id;

    const rival = await player(browser, DEMO.rival, size);
    const learner = await player(browser, DEMO.learner, size);
    try {
      const created = await request.post(`/api/game/challenge/${trailId}`, {
        headers: await as(DEMO.rival),
        data: { user_id: learnerId },
      });
      expect(created.status(), await created.text()).toBe(201);
      const battleId: number = (await created.json()).data.id;

      // the rival plays at once; the learner accepts on the battle page
      await rival.goto(`/games/battle/${battleId}`);
      await expect(rival.getByText('Question 1 of 4')).toBeVisible();
      await learner.goto(`/games/battle/${battleId}`);
      await learner.getByRole('button', { name: 'Accept' }).click();
      await expect(learner.getByText('Question 1 of 4')).toBeVisible();
      // "Challenge accepted" reaches the rival as a toast, not a popup
      await expect(rival.getByText('Lena Learn… accepted your challenge on Quick-fire battle')).toBeVisible({
        timeout: 15_000,
      });

      // full screen: no site header; the strip and the question fit above the fold
      for (const page of [rival, learner]) {
        await expect(page.getByRole('banner')).toHaveCount(0); // the site header is not there
        await expect(page.getByRole('link', { name: 'Leave the battle' })).toBeVisible();
        const title = page.getByText('Which clip shows colour bars?');
        const box = await title.boundingBox();
        expect(box, 'the question is on screen').not.toBeNull();
        expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
        const first = await page.getByRole('radio').first().boundingBox();
        expect(first!.y).toBeLessThan(size.height);
      }
      await rival.screenshot({ path: `test-results/battle-duel-question-${size.width}.png` });
      expect(await violations(rival), 'battle question').toEqual([]);

      // [rival's pick, learner's pick] per question: the learner gets Q1 and Q3 wrong (the order list of Q4 may
      // come shuffled, so the rival wins whatever it scores there)
      const picks: [string | null, string | null][] = [
        ['Bars', 'Pattern'],
        ['Pattern', 'Colours'],
        ['56', '54'],
        [null, null],
      ];
      for (const [i, [rivalPick, learnerPick]] of picks.entries()) {
        await expect(rival.getByText(`Question ${i + 1} of 4`)).toBeVisible();
        await answer(rival, rivalPick);
        const rivalReveal = rival.getByRole('region', { name: /^Reveal:/ });
        await expect(rivalReveal).toBeVisible();
        await expect(rivalReveal.getByTestId('opponent-answer')).toHaveText(
          'Lena Learn… has not answered this question yet.',
        );

        await expect(learner.getByText(`Question ${i + 1} of 4`)).toBeVisible();
        await answer(learner, learnerPick);
        const learnerReveal = learner.getByRole('region', { name: /^Reveal:/ });
        await expect(learnerReveal.getByTestId('opponent-answer')).toContainText('Rico Rival answered:');
        // the rival sees the learner's answer arrive live
        await expect(rivalReveal.getByTestId('opponent-answer')).toContainText('Lena Learn… answered:', {
          timeout: 15_000,
        });

        if (i === 2) {
          // a wrong answer: red, the right answer and the feedback; a right one: green with its points
          await expect(learnerReveal.getByRole('status')).toContainText('Wrong');
          await expect(learnerReveal).toContainText('Right answer56');
          await expect(learnerReveal).toContainText('7 × 7 is 49; one more 7 makes 56.');
          await expect(rivalReveal.getByRole('status')).toContainText('Right');
          await expect(rivalReveal.getByRole('status')).toContainText('Points: +20');
          await learner.screenshot({ path: `test-results/battle-duel-reveal-${size.width}.png` });
          expect(await violations(learner), 'battle reveal').toEqual([]);
        }
        // Continue is focused first: Enter moves on
        for (const page of [rival, learner]) {
          await expect(page.getByRole('button', { name: i === 3 ? 'See the result' : 'Continue' })).toBeFocused();
          await page.keyboard.press('Enter');
        }
      }

      // the summary, reached by keyboard: it starts at its title, the outcome and the scores follow
      for (const page of [rival, learner]) {
        await expect(page).toHaveURL(new RegExp(`/player-battle/${battleId}$`), { timeout: 15_000 });
        const heading = page.getByRole('heading', { name: 'Battle summary', level: 1 });
        await expect(heading).toBeFocused();
        await expect(page.getByRole('table', { name: 'Results per question' }).getByRole('row')).toHaveCount(5);
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', { name: 'Battle again' })).toBeFocused();
      }
      await expect(rival.getByText('You won!')).toBeVisible();
      await rival.screenshot({ path: `test-results/battle-duel-summary-${size.width}.png` });
      expect(await violations(rival), 'battle summary').toEqual([]);

      // never a blocking popup, for either player, from the first question to the summary
      expect(await dialogsSeen(rival)).toEqual([]);
      expect(await dialogsSeen(learner)).toEqual([]);
    } finally {
      await learner.context().close();
      await rival.context().close();
      await resetTrail(request, DEMO.learner, trailId);
      await resetTrail(request, DEMO.rival, trailId);
    }
  });
}
