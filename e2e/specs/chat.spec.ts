import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

const IMAGE = fileURLToPath(new URL('../fixtures/avatar.png', import.meta.url));

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/games$/);
  return page;
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Side panel' });
const discussions = (page: Page) => panel(page).getByTestId('discussion');

async function openChats(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: /^Chat/ }).click();
  await expect(panel(page).getByRole('tab', { name: 'Chats' })).toHaveAttribute('aria-selected', 'true');
}

test('two learners chat live: attachment, unread counter, reordering, read ticks and a Thai search', async ({
  browser,
  request,
}) => {
  await warmUpLogin(request, DEMO.learner);
  await warmUpLogin(request, DEMO.rival);
  const learner = await signedIn(browser, DEMO.learner);
  const rival = await signedIn(browser, DEMO.rival);

  // the rival's list: the team is the newest, the chat with Lena the oldest; the company announcements are not
  // repliable, so they are not shown to him (§6) and their unread messages do not count: no badge
  await openChats(rival);
  // §9: the search wrapper is 75 px high
  expect((await panel(rival).getByTestId('chat-search').boundingBox())?.height).toBe(75);
  await expect(discussions(rival).first()).toContainText('Team Summit');
  await expect(discussions(rival).last()).toContainText('Lena Learner');
  await expect(discussions(rival).filter({ hasText: 'Acme Learning announcements' })).toHaveCount(0);
  await expect(rival.getByTestId('chat-badge')).toHaveCount(0);

  // Lena sends Rico a picture with a line of text, by Enter
  await openChats(learner);
  await discussions(learner).filter({ hasText: 'Rico Rival' }).click();
  await expect(panel(learner).getByRole('heading', { name: 'Rico Rival' })).toBeVisible();
  await learner.getByTestId('chat-file').setInputFiles(IMAGE);
  await expect(learner.getByTestId('file-preview')).toBeVisible();
  const box = panel(learner).getByRole('textbox', { name: 'Message' });
  await box.fill('Here is my drawing');
  await box.press('Enter');
  const sent = panel(learner).getByTestId('message').filter({ hasText: 'Here is my drawing' });
  await expect(sent.getByRole('img', { name: 'avatar' })).toBeVisible();
  // §9: the attachment's file-type icon names its kind
  await expect(sent.getByRole('img', { name: 'Image' })).toBeVisible();
  await expect(sent.getByTestId('ticks')).toHaveAttribute('data-state', 'delivered');
  await expect(learner.getByTestId('file-preview')).toHaveCount(0);
  // the conversation sticks to the newest message, and the list ends above the composer (never under it)
  await expect(sent).toBeInViewport();
  const listBox = await panel(learner).getByTestId('chat-scroller').boundingBox();
  const composerBox = await box.boundingBox();
  expect(listBox!.y + listBox!.height).toBeLessThanOrEqual(composerBox!.y);
  const sentBox = await sent.boundingBox();
  expect(sentBox!.y + sentBox!.height).toBeLessThanOrEqual(composerBox!.y + 1);

  // Rico sees it arrive live: the chat jumps to the top with an unread count, the header counts 1 chat
  await expect(discussions(rival).first()).toContainText('Lena Learner');
  await expect(discussions(rival).first().getByTestId('unread')).toContainText('1');
  await expect(discussions(rival).first()).toContainText('Here is my drawing');
  await expect(rival.getByTestId('chat-badge')).toHaveText('1');

  // opening it reads it: Lena's ticks turn orange, Rico's counters drop
  await discussions(rival).first().click();
  await expect(panel(rival).getByTestId('message').filter({ hasText: 'Here is my drawing' })).toBeVisible();
  await expect(sent.getByTestId('ticks')).toHaveAttribute('data-state', 'read');
  await expect(rival.getByTestId('chat-badge')).toHaveCount(0);

  // Rico answers in Thai; Lena finds it by a Thai word and the message is highlighted in its chat
  const thai = 'วันนี้เรียนภาษาไทยสนุกมาก';
  const reply = panel(rival).getByRole('textbox', { name: 'Message' });
  await reply.fill(thai);
  await panel(rival).getByRole('button', { name: 'Send' }).click();
  await expect(panel(learner).getByTestId('message').filter({ hasText: thai })).toBeVisible();

  await panel(learner).getByRole('button', { name: 'Back to the chats' }).click();
  await panel(learner).getByRole('searchbox', { name: 'Search chats, contacts and messages' }).fill('ภาษาไทย');
  const messagesSection = panel(learner).getByRole('region', { name: 'Messages' });
  await expect(messagesSection).toContainText(thai);
  await expect(panel(learner).getByRole('region', { name: 'Contacts' })).toHaveCount(0);
  await messagesSection.getByRole('button').first().click();
  await expect(panel(learner).getByTestId('message').filter({ hasText: thai })).toHaveAttribute(
    'data-highlighted',
    'true',
  );

  // a search with nothing to find says so
  await panel(learner).getByRole('button', { name: 'Back to the chats' }).click();
  await expect(panel(learner).getByRole('searchbox')).toHaveValue('');
  await panel(learner).getByRole('searchbox').fill('zzqx');
  await expect(panel(learner).getByText('No results found')).toBeVisible();

  // a wrong file type is refused in the browser with the toast
  await panel(learner).getByRole('searchbox').fill('');
  await discussions(learner).filter({ hasText: 'Team Summit' }).click();
  await learner
    .getByTestId('chat-file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  const wrongType = learner.getByText(/Please choose an image/);
  await expect(wrongType).toBeVisible();
  // the toast keeps clear of the panel's composer
  const toastBox = await wrongType.boundingBox();
  const composerNow = await panel(learner).getByRole('textbox', { name: 'Message' }).boundingBox();
  expect(toastBox!.y + toastBox!.height < composerNow!.y || toastBox!.x + toastBox!.width < composerNow!.x).toBe(true);
  await expect(learner.getByTestId('file-preview')).toHaveCount(0);

  // the team profile lists its members with their email, the coach labelled Admin
  await panel(learner).getByRole('button', { name: 'Show the profile of Team Summit' }).click();
  const members = panel(learner).getByRole('region', { name: 'Participants' });
  await expect(members.getByRole('listitem').filter({ hasText: 'Cora Coach' })).toContainText('Admin');
  await expect(members).toContainText('rival@example.com');
  await expect(members).not.toContainText('{');

  // the company filter, with the dot: the only company discussion is the non-repliable announcements, not shown
  await panel(learner).getByRole('button', { name: 'Back to the chats' }).click();
  await panel(learner).getByRole('button', { name: 'Back to the chats' }).click();
  await panel(learner).getByRole('combobox', { name: 'Show' }).selectOption('company');
  await expect(panel(learner).getByTestId('filter-dot')).toBeVisible();
  await expect(discussions(learner)).toHaveCount(0);

  await learner.context().close();
  await rival.context().close();
});

test('on a wide screen a trail result opens the chat with the coach beside it; a phone shows the result alone', async ({
  browser,
  request,
}) => {
  await warmUpLogin(request, DEMO.learner);
  const page = await signedIn(browser, DEMO.learner);
  // Lena's trails are hers alone in these journeys: starting one here changes nobody else's
  await page.getByRole('link', { name: /Demo exam/ }).click();
  await page.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
  await expect(page.locator('form[data-pebble-id]')).toBeVisible();
  await page.getByRole('button', { name: 'See results' }).click();
  await expect(page.getByRole('dialog', { name: 'Trail result' })).toBeVisible();
  const dock = page.getByRole('complementary', { name: 'Chat with Cora Coach' });
  await expect(dock.getByRole('heading', { name: 'Cora Coach' })).toBeVisible();
  // a real click: the dock is above the result panel's faded area, not under it
  await dock.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Could we go through my exam?');
  await dock.getByRole('textbox', { name: 'Message' }).press('Enter');
  // sendTrail: the chat beside the result offered the trail as a card, and the first message carries it
  const firstMessage = dock.getByTestId('message').filter({ hasText: 'Could we go through my exam?' });
  await expect(firstMessage).toBeVisible();
  const card = firstMessage.getByRole('link', { name: 'Open the trail result Demo exam' });
  await expect(card).toBeVisible();
  const resultHref = (await card.getAttribute('href')) ?? '';
  expect(resultHref).toMatch(/^\/results\/\d+\?user=\d+$/);
  await expect(dock.getByTestId('trail-card-draft')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.getByRole('button', { name: 'Close trail result' }).click();
  await expect(dock).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'See results' }).click();
  await expect(page.getByRole('dialog', { name: 'Trail result' })).toBeVisible();
  await expect(page.getByTestId('result-chat')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close trail result' }).click();

  // the card opens the result page; on a wide screen the chat with the coach stands beside it there too
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(resultHref);
  await expect(page.getByRole('button', { name: /^Summary/ })).toBeVisible();
  const pageDock = page.getByRole('complementary', { name: 'Chat with Cora Coach' });
  await expect(pageDock.getByTestId('message').filter({ hasText: 'Could we go through my exam?' })).toBeVisible();
  // search inside the conversation: from 2 characters, 1 s after typing; the hit is highlighted
  await pageDock.getByRole('button', { name: 'Search in this conversation' }).click();
  await pageDock.getByRole('searchbox', { name: 'Search the messages of Cora Coach' }).fill('go through');
  const found = pageDock.getByRole('list', { name: 'Messages found' });
  await expect(found).toContainText('Could we go through my exam?');
  await found.getByRole('button').first().click();
  await expect(pageDock.getByTestId('message').filter({ hasText: 'Could we go through my exam?' })).toHaveAttribute(
    'data-highlighted',
    'true',
  );
  const axeWide = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axeWide.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('result-chat')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Summary/ })).toBeVisible();
  const axePhone = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axePhone.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // the link form of openChat: /chat?user={id}&draft=… opens the existing chat with the composer prefilled
  const login = await request.post('/api/login', {
    data: { username: DEMO.coach.email, password: DEMO.coach.password, accepted: true },
  });
  const token = (await login.json()).data.access_token;
  const coach = (
    await (await request.get('/api/user/profile', { headers: { authorization: `Bearer ${token}` } })).json()
  ).data;
  await page.goto(`/chat?user=${coach.id}&draft=${encodeURIComponent('About the Demo exam')}`);
  const panel = page.getByRole('dialog', { name: 'Side panel' });
  await expect(panel.getByRole('heading', { name: 'Cora Coach' })).toBeVisible();
  await expect(panel.getByTestId('message').filter({ hasText: 'Could we go through my exam?' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveValue('About the Demo exam');
  await page.context().close();
});
