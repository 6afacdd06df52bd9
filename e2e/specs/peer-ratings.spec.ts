import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

type Pebble = {
  id: number;
  name: string;
  minerals: { id: number; type: string; properties: { values?: { id: number }[]; min?: number } }[];
};

/** Answers the rival's survey pebbles through the API up to the rated one (they are played in the browser elsewhere). */
async function rivalHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { username: DEMO.rival.email, password: DEMO.rival.password, accepted: true },
  });
  return { authorization: `Bearer ${(await login.json()).data.access_token}` };
}

async function answerUpToTheTip(request: APIRequestContext): Promise<number> {
  let headers = await rivalHeaders(request);
  const games = (await (await request.get('/api/games', { headers })).json()).data as { id: number; name: string }[];
  const survey = games.find((g) => g.name === 'Workplace survey');
  if (!survey) throw new Error('no demo survey');
  for (let i = 0; i < 10; i++) {
    // access tokens live 6 s in these journeys: sign in again for each pebble
    headers = await rivalHeaders(request);
    const p = (await (await request.get(`/api/pebbles/${survey.id}`, { headers })).json()).data as Pebble;
    if (p.name === 'A tip for newcomers') return survey.id;
    const answers = p.minerals.map((m) => {
      switch (m.type) {
        case 'email_input':
          return { id: m.id, value: 'rico@example.com' };
        case 'url_input':
          return { id: m.id, value: 'https://example.com/team' };
        case 'opinion':
          return { id: m.id, value: String(m.properties.min ?? 0) };
        case '5_point_rating':
          return { id: m.id, value: '4' };
        default:
          return { id: m.id, options: [m.properties.values?.[0]?.id ?? 0] };
      }
    });
    const res = await request.post(`/api/pebbles/${p.id}`, { headers, data: { answers, action: 'next' } });
    expect(res.status(), await res.text()).toBe(200);
  }
  throw new Error('the rated pebble was not reached');
}

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto('/login');
  await signIn(page, who);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  return page;
}

test('a peer rates an answer live: request popup, rating with a comment, flipped card and the Ratings panel', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await warmUpLogin(request, DEMO.learner);
  const surveyId = await answerUpToTheTip(request);

  const learner = await signedIn(browser, DEMO.learner);
  const rival = await signedIn(browser, DEMO.rival);
  try {
    // the rival answers the rated pebble
    await rival.goto(`/player/${surveyId}`);
    await expect(rival.getByText('Share one tip that helps a new colleague in their first week')).toBeVisible();
    await rival.getByRole('textbox').fill('Ask questions early and write down the answers.');
    await rival.getByRole('button', { name: 'Next' }).click();

    // the learner, asked to rate, gets the request popup live
    const request1 = learner.getByRole('dialog', { name: 'Rating request' });
    await expect(request1).toBeVisible({ timeout: 15_000 });
    await expect(request1).toContainText('Rico Rival');
    await request1.getByRole('button', { name: 'Give rating' }).click();
    await expect(learner.getByRole('heading', { name: 'Rate the answer of Rico Rival' })).toBeVisible();
    await expect(learner.getByText('Ask questions early and write down the answers.')).toBeVisible();
    // by keyboard: the scale is a radio group
    await learner.getByRole('radio', { name: '1 out of 5: very poor' }).focus();
    await learner.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await learner.keyboard.press('ArrowRight');
    await expect(learner.getByRole('radio', { name: '4 out of 5: good' })).toBeChecked();
    await learner.getByLabel('Comment (optional)').fill('Simple and useful, thanks!');
    await learner.getByRole('button', { name: 'Send rating' }).click();
    await expect(learner.getByRole('heading', { name: 'Peer ratings' })).toBeVisible();

    // the rival gets the rating, flips the card and lands on the Ratings panel of that pebble
    const rating = rival.getByRole('dialog', { name: 'New rating' });
    await expect(rating).toBeVisible({ timeout: 15_000 });
    await expect(rating).toContainText('Lena Learner rated your answer.');
    await rating.getByRole('button', { name: 'Check it out' }).click();
    await expect(rival.getByTestId('rating-card')).toHaveAttribute('data-flipped', 'true');
    await expect(rival).toHaveURL(new RegExp(`/player/${surveyId}$`));
    const panel = rival.getByRole('dialog', { name: 'Trail panel' });
    await expect(panel.getByRole('tab', { name: 'Ratings' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText('Total ratings: 1')).toBeVisible();
    await expect(panel.getByText('Simple and useful, thanks!')).toBeVisible();
    await expect(panel.getByRole('img', { name: '4 out of 5', exact: true })).toHaveCount(2);

    // chatting with the rater: their conversation opens in the side panel
    await panel.getByRole('button', { name: 'Chat with Lena Learner' }).click();
    const side = rival.getByRole('dialog', { name: 'Side panel' });
    await expect(side.getByRole('heading', { name: 'Lena Learner' })).toBeVisible();
    await expect(side.getByRole('textbox', { name: 'Message' })).toBeVisible();
  } finally {
    // leave the rival's survey to be played from its start by later journeys (a reset spends a try; tries: 0);
    // a fresh sign-in: access tokens live 6 s in these journeys
    const again = await request.post('/api/login', {
      data: { username: DEMO.rival.email, password: DEMO.rival.password, accepted: true },
    });
    const fresh = (await again.json()).data.access_token as string;
    const reset = await request.delete(`/api/games/reset/${surveyId}`, {
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(reset.status()).toBe(200);
    await learner.context().close();
    await rival.context().close();
  }
});
