import { readFileSync } from 'node:fs';
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
  // the resized image really loads, at the §9 thumbnail width for the 28 px slot
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);

  // the vault now offers the uploaded image; Escape closes the modal
  await page.getByRole('button', { name: 'Change avatar' }).click();
  await expect(dialog.getByRole('button', { name: 'avatar', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('files in the vault download under their titles; several download as one downloads.zip', async ({
  page,
  request,
}) => {
  // a second image in the rival's vault, through the API
  const login = await request.post('/api/login', {
    data: { username: DEMO.rival.email, password: DEMO.rival.password, accepted: true },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  for (const name of ['first-picture.png', 'second-picture.png']) {
    const up = await request.post('/api/vaults', {
      headers,
      multipart: { type: 'file', files: { name, mimeType: 'image/png', buffer: readFileSync(avatarPng) } },
    });
    expect(up.status(), await up.text()).toBe(200);
  }

  await page.goto('/login');
  await signIn(page, DEMO.rival);
  await expect(page).toHaveURL(/\/games$/);
  await page.goto('/me/edit');
  await page.getByRole('button', { name: 'Change avatar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Media vault' });
  const download = dialog.getByRole('button', { name: /^Download selected/ });
  await expect(download).toBeDisabled();

  // one file: itself, under its title and extension, byte for byte
  await dialog.getByRole('checkbox', { name: 'Select first-picture' }).check();
  const [single] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(single.suggestedFilename()).toBe('first-picture.png');
  expect(readFileSync(await single.path())).toEqual(readFileSync(avatarPng));

  // two: one downloads.zip holding both
  await dialog.getByRole('checkbox', { name: 'Select second-picture' }).check();
  await expect(download).toHaveText('Download selected (2)');
  const [zip] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(zip.suggestedFilename()).toBe('downloads.zip');
  const bytes = readFileSync(await zip.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('first-picture.png'))).toBe(true);
  expect(bytes.includes(Buffer.from('second-picture.png'))).toBe(true);
});
