import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, signIn, warmUpLogin } from './support';

const avatarPng = fileURLToPath(new URL('../fixtures/avatar.png', import.meta.url));

test('upload an avatar through the media vault from /me/edit; the header shows it', async ({ page, request }) => {
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);

  await page.goto('/me/edit');
  await page.getByRole('button', { name: 'Change avatar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Media vault' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Choose existing' })).toHaveAttribute('aria-selected', 'true');

  await dialog.getByRole('tab', { name: 'Upload your own' }).click();
  const submit = dialog.getByRole('button', { name: 'Use as avatar' });
  await expect(submit).toBeDisabled();
  await dialog.locator('input[type="file"]').setInputFiles(avatarPng);
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('Your profile has been updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const headerAvatar = page
    .getByRole('banner')
    .getByRole('button', { name: /account/i })
    .locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /^\/img\//);
  // the resized image really loads
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);

  // the vault now offers the uploaded image; Escape closes the modal
  await page.getByRole('button', { name: 'Change avatar' }).click();
  await expect(dialog.getByRole('button', { name: 'avatar', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
