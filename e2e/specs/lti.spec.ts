import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { JWK } from 'jose';
import { type LtiPlatform, ROLE, startLtiPlatform } from '../../apps/server/src/test/fixtures/lti-platform.fixtures';
import { E2E_PORT } from '../playwright.config';
import { playChoicesToEnd } from './play';
import { DEMO, signIn, warmUpLogin } from './support';

// Cairn inside an LMS (docs/lti.md): the test LMS of the server's tests, a real HTTP server on 127.0.0.1, frames
// Cairn in its course page. The customer admin registers it, an instructor places the demo exam by deep linking, a
// learner launches it with no Cairn sign-in, plays it to the end, and the LMS receives the score once.
// the server's PUBLIC_URL host: the LMS posts the launch there, so the course page frames that host (and lives on
// the same host name, another port: one site, so the state cookie is first-party on plain http)
const TOOL = `http://localhost:${E2E_PORT}`;
const SHOTS = process.env.LTI_SHOTS ?? '';
let lms: LtiPlatform;

test.beforeAll(async () => {
  lms = await startLtiPlatform({
    toolUrl: TOOL,
    toolJwks: async () => (await (await fetch(`${TOOL}/lti/jwks`)).json()) as { keys: JWK[] },
    host: 'localhost',
  });
  lms.users.set('teacher-1', { sub: 'teacher-1', name: 'Tara Teacher', roles: [ROLE.instructor] });
  lms.users.set('learner-1', {
    sub: 'learner-1',
    given_name: 'Lia',
    family_name: 'Launch',
    email: 'lia.launch@school.example',
    roles: [ROLE.learner],
  });
  lms.launches.set('deep-link', { message_type: 'LtiDeepLinkingRequest' });
});
test.afterAll(async () => {
  await lms?.close();
});

/** The page's WCAG 2.1 A/AA violations, frames included (as e2e/specs/a11y.spec.ts checks the app's pages). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an LMS course places the demo exam by deep linking, a learner plays it framed, and the grade goes back once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // the customer admin registers the LMS on the admin side and reads the URLs to enter there
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await page.goto('/admin/lti');
  await expect(page.getByRole('heading', { name: 'LTI platforms' })).toBeVisible();
  await expect(page.getByText(`${TOOL}/lti/login`)).toBeVisible();
  await expect(page.getByText(`${TOOL}/lti/jwks`)).toBeVisible();
  // (checked before registering: the success toast is the app's shared one, outside this screen)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await violations(page), `/admin/lti at ${width}px`).toEqual([]);
  }
  const form = page.getByRole('form', { name: 'Register a platform' });
  await form.getByLabel('Issuer (platform ID)').fill(lms.issuer);
  await form.getByLabel('Client ID').fill(lms.clientId);
  await form.getByLabel('Deployment IDs (separated by commas)').fill(lms.deploymentId);
  await form.getByLabel('OIDC authentication URL').fill(lms.urls.auth);
  await form.getByLabel('Access token URL').fill(lms.urls.token);
  await form.getByLabel("Platform's public keyset URL").fill(lms.urls.jwks);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: lms.issuer })).toBeVisible();
  await shoot(page, 'admin-lti');

  // an instructor opens the course's "add an activity": Cairn's picker, framed in the LMS
  const lmsPage = await page.context().newPage();
  await lmsPage.goto(`${lms.urls.course}?launch=deep-link&user=teacher-1`);
  const frame = lmsPage.frameLocator('iframe[title="Cairn activity"]');
  await expect(frame.getByRole('heading', { name: 'Choose a trail for this course' })).toBeVisible();
  await frame.getByRole('radio', { name: 'Demo exam' }).check();
  await expect(frame.getByRole('checkbox', { name: 'Send the score to the gradebook' })).toBeChecked();
  expect(await violations(lmsPage), 'the deep-linking picker').toEqual([]);
  await shoot(lmsPage, 'lti-picker');
  await frame.getByRole('button', { name: 'Add to course' }).click();
  await expect(frame.getByRole('heading', { name: 'Placed in course' })).toBeVisible();
  await expect(frame.getByText('Demo exam')).toBeVisible();
  expect(lms.deepLinks).toHaveLength(1);
  const [item] = lms.deepLinks[0]['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as {
    custom: Record<string, string>;
    lineItem: { scoreMaximum: number };
  }[];
  // the LMS makes the placed link, with a line item for its gradebook
  lms.launches.set('placed', {
    'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'course-1-activity-1', title: 'Demo exam' },
    'https://purl.imsglobal.org/spec/lti/claim/custom': item.custom,
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      lineitem: lms.lineitem('demo-exam'),
    },
  });

  // a learner opens the activity: Cairn signs them in inside the frame and opens the player, no login screen
  await lmsPage.addLocatorHandler(frame.getByRole('dialog', { name: 'Congratulations!' }), async () => {
    await lmsPage.keyboard.press('Escape');
  });
  await lmsPage.addLocatorHandler(frame.getByRole('dialog', { name: 'Your first reward!' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
  await lmsPage.goto(`${lms.urls.course}?launch=placed&user=learner-1`);
  await expect(frame.locator('form[data-pebble-id]')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await shoot(lmsPage, 'lti-player');
  const finished = frame.locator('[data-end-screen]');
  await playChoicesToEnd(lmsPage, frame, () => finished.isVisible());
  await expect(finished).toBeVisible();
  await shoot(lmsPage, 'lti-finished');

  // the gradebook gets the score within seconds, once
  await expect.poll(() => lms.scores.length, { timeout: 15_000 }).toBe(1);
  expect(lms.scores[0].lineitem).toBe(lms.lineitem('demo-exam'));
  expect(lms.scores[0].body).toMatchObject({
    userId: 'learner-1',
    scoreMaximum: item.lineItem.scoreMaximum,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  });
  await lmsPage.waitForTimeout(7000);
  expect(lms.scores).toHaveLength(1);

  // the instructor opens the placed activity: the course page, whose roster sync reads the course's members (NRPS)
  lms.users.set('learner-2', { sub: 'learner-2', name: 'Noa Newcomer', roles: [ROLE.learner] });
  await lmsPage.goto(`${lms.urls.course}?launch=placed&user=teacher-1`);
  await expect(frame.getByRole('heading', { name: 'Your course' })).toBeVisible({ timeout: 20_000 });
  expect(await violations(lmsPage), 'the instructor course page').toEqual([]);
  await frame.getByRole('button', { name: 'Sync the course roster' }).click();
  await expect(frame.getByRole('status').filter({ hasText: 'Roster synced' })).toHaveText(
    'Roster synced. Members: 3 · new accounts: 1 · newly assigned: 1',
  );
  await shoot(lmsPage, 'lti-course');
});

test('a launch from an unregistered LMS ends on a clear, accessible page with the reason', async ({ page }) => {
  const res = await page.goto(
    `${TOOL}/lti/login?iss=https://nobody.example&login_hint=1&target_link_uri=${TOOL}/lti/launch`,
  );
  expect(res?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This launch could not be completed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This LMS is not registered with Cairn.');
  expect(await violations(page)).toEqual([]);
  await shoot(page, 'lti-refused');
});
