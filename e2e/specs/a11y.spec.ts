import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

/** Runs axe on the page as it is now; every control must have a name, contrast must hold, and so on. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the sign-in, password and 404 pages have no accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/password/forgot', '/de/login', '/th/login', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test('the signed-in pages have no accessibility violations, at phone and desktop sizes', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/games', '/me', '/me/edit', '/rbo/results']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page), `${path} at ${size.width}px`).toEqual([]);
    }
    // the player, on the survey (the exam is played by the results journey)
    await page.goto('/games');
    await page.getByRole('link', { name: /Workplace survey/ }).click();
    await page.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
    await expect(page.locator('form[data-pebble-id]')).toBeVisible();
    expect(await violations(page), `player at ${size.width}px`).toEqual([]);
    await page.getByRole('button', { name: 'Trail info' }).click();
    await expect(page.getByRole('dialog', { name: 'Trail panel' })).toBeVisible();
    expect(await violations(page), `player panel at ${size.width}px`).toEqual([]);
  }
});

test('the chat views have no accessibility violations, at phone and desktop sizes', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);
  const panel = page.getByRole('dialog', { name: 'Side panel' });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/chat');
    await expect(panel.getByTestId('discussion').first()).toBeVisible();
    expect(await violations(page), `chat list at ${size.width}px`).toEqual([]);
    await panel.getByRole('combobox', { name: 'Show' }).selectOption('team');
    await expect(panel.getByTestId('filter-dot')).toBeVisible();
    expect(await violations(page), `chat filter at ${size.width}px`).toEqual([]);
    await panel.getByTestId('discussion').filter({ hasText: 'Team Summit' }).click();
    await expect(panel.getByTestId('message').first()).toBeVisible();
    expect(await violations(page), `conversation at ${size.width}px`).toEqual([]);
    await panel.getByRole('button', { name: 'Show the profile of Team Summit' }).click();
    await expect(panel.getByRole('heading', { name: 'Profile' })).toBeVisible();
    expect(await violations(page), `chat profile at ${size.width}px`).toEqual([]);
    await panel.getByRole('button', { name: 'Back to the chats' }).click();
    await panel.getByRole('button', { name: 'Back to the chats' }).click();
    await panel.getByRole('searchbox').fill('Cora');
    await expect(panel.getByRole('region', { name: 'Messages' })).toBeVisible();
    expect(await violations(page), `chat search at ${size.width}px`).toEqual([]);
    await panel.getByRole('searchbox').fill('');
    await panel.getByRole('combobox', { name: 'Show' }).selectOption('all');
  }
});
