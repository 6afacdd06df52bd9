import { expect, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

test('/de/login is in German and signs in to /de/games', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/de/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.getByLabel('E-Mail').fill(DEMO.coach.email);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO.coach.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/de\/games$/);
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
  await expect(page.getByRole('link', { name: 'Results' })).toBeVisible();
});

test('the phone layout collapses the navigation into a burger menu', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);
  const burger = page.getByRole('button', { name: 'Menu' });
  await expect(burger).toBeVisible();
  await burger.click();
  await expect(page.getByRole('link', { name: 'Me' })).toBeVisible();
});
