import { expect, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the player side panel is one tab set: notifications, chat, trail result, navigator; ratings only where they exist', async ({
    page,
    request,
  }) => {
    await warmUpLogin(request, DEMO.coach);
    await page.goto('/login');
    await signIn(page, DEMO.coach);
    await page.getByRole('link', { name: /Workplace survey/ }).click();
    await page.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
    await expect(page.locator('form[data-pebble-id]')).toBeVisible();
    await page.getByRole('button', { name: 'Trail info' }).click();
    const panel = page.getByRole('dialog', { name: 'Trail panel' });
    const tabs = panel.getByRole('tablist');
    for (const name of ['Info', 'Notifications', 'Chats', 'Trail result', 'Navigator']) {
      await expect(tabs.getByRole('tab', { name, exact: true })).toBeVisible();
    }
    // the tab set is one row (§2): every tab at the same top offset, the row scrolling sideways when it is full
    const tops = await tabs
      .getByRole('tab')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, tops.join(', ')).toBe(1);
    // this pebble is not rated: no Ratings tab rather than an empty one
    await expect(tabs.getByRole('tab', { name: 'Ratings' })).toHaveCount(0);

    await tabs.getByRole('tab', { name: 'Chats' }).click();
    await expect(panel.getByRole('searchbox', { name: 'Search chats, contacts and messages' })).toBeVisible();
    await tabs.getByRole('tab', { name: 'Trail result' }).click();
    await expect(panel.getByText('Workplace survey').first()).toBeVisible();
    await tabs.getByRole('tab', { name: 'Notifications' }).click();
    await expect(panel.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: 'Navigator' }).click();
    await expect(panel.getByRole('navigation', { name: 'Navigator' })).toBeVisible();
  });
});

test('on a desktop the player panel keeps its own views; notifications and chat live in the header panel', async ({
  page,
  request,
}) => {
  await warmUpLogin(request, DEMO.coach);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await page.getByRole('link', { name: /Workplace survey/ }).click();
  await page.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
  await page.getByRole('button', { name: 'Trail info' }).click();
  const tabs = page.getByRole('dialog', { name: 'Trail panel' }).getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: 'Info', exact: true })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Chats' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Notifications' })).toHaveCount(0);
});
