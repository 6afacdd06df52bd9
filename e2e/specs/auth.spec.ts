import { expect, test } from '@playwright/test';
import { DEMO, latestResetLink, signIn, warmUpLogin } from './support';

test('the first sign-in goes to /welcome, the next one to /games', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
});

test('a wrong password is refused with the credentials message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, { email: DEMO.coach.email, password: 'wrong-password' });
  await expect(page.getByText('The user credentials were incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the login guard carries ?redirect= and sign-in returns there', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/me/edit');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fme%2Fedit$/);
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/me\/edit$/);
});

test('the guest guard keeps a signed-in user out of the login page', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);
  await page.goto('/password/forgot');
  await expect(page).toHaveURL(/\/games$/);
});

test('forgot password → link sent → countdown → back to login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await page.getByLabel('Email').fill(DEMO.learner.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/password\/linksent$/);
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText('5');
  await expect(countdown).toHaveText('3', { timeout: 4_000 });
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
});

test('a password is reset through the link in the outbox', async ({ page, request }) => {
  await page.goto('/password/forgot');
  await page.getByLabel('Email').fill(DEMO.rival.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/password\/linksent$/);

  // the mail is written in the background: wait for it
  await expect.poll(() => latestResetLink(DEMO.rival.email), { timeout: 10_000 }).not.toBeNull();
  const link = new URL(latestResetLink(DEMO.rival.email)!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password').fill('brand-new-secret');
  await page.getByLabel('Confirm password').fill('brand-new-secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/password\/changed$/);

  // the link is single-use
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password').fill('another-secret');
  await page.getByLabel('Confirm password').fill('another-secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/password\/reset/);
  // a used (or expired) link is no dead end
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, { email: DEMO.rival.email, password: 'brand-new-secret' });
  await expect(page).toHaveURL(/\/(welcome|games)$/);

  // put the demo password back (through a second, fresh link) for the journeys that follow
  const before = latestResetLink(DEMO.rival.email);
  expect(
    (
      await request.post('/api/password/forgot', {
        data: { username: DEMO.rival.email, url: link.origin + link.pathname },
      })
    ).status(),
  ).toBe(200);
  await expect.poll(() => latestResetLink(DEMO.rival.email), { timeout: 10_000 }).not.toBe(before);
  const again = new URL(latestResetLink(DEMO.rival.email)!);
  const restored = await request.post('/api/password/reset', {
    data: {
      username: DEMO.rival.email,
      token: again.searchParams.get('token'),
      password: DEMO.rival.password,
      password_confirmation: DEMO.rival.password,
    },
  });
  expect(restored.status()).toBe(200);
});
