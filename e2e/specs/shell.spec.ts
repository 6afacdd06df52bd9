import { expect, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

test('/de/login is in German; the profile language then decides the language after sign-in', async ({
  page,
  request,
}) => {
  await page.goto('/de/login');
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();

  // the learner's profile language is German: signing in from the English page lands in German
  const login = await request.post('/api/login', {
    data: { username: DEMO.learner.email, password: DEMO.learner.password, accepted: true },
  });
  const token = (await login.json()).data.access_token;
  const update = await request.post('/api/user/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'de' },
  });
  expect(update.status()).toBe(200);

  await page.goto('/login');
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/de\/games$/);
  await expect(page.getByRole('heading', { name: 'Spiele', level: 1 })).toBeVisible();
});

test('an unknown page shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('an expired access token is refreshed without the user noticing', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);

  // the e2e server issues access tokens that live 6 seconds
  await page.waitForTimeout(7_000);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/refresh') && r.status() === 200);
  await page.goto('/me/edit');
  await refreshed;
  await expect(page).toHaveURL(/\/me\/edit$/);
  await expect(page.getByRole('dialog', { name: 'Oops..' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('the coach sees the Results entry, a learner does not', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByRole('link', { name: 'Results', exact: true })).toBeVisible();
});

test('the phone layout collapses the navigation into a burger menu', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeVisible();
  await burger.click();
  // 'Me', or 'Me, N new' while rewards wait to be seen
  await expect(page.getByRole('link', { name: /^Me(, \d+ new)?$/ })).toBeVisible();
});
