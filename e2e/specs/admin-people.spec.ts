import { expect, test } from '@playwright/test';
import { DEMO, invitationLink, signedIn, violations } from './support';

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the admin invites a learner, who sets a password from the mailed link and lands on /welcome (${size.width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = `invitee-${size.width}-${Date.now()}@example.com`;
    const admin = await signedIn(browser, DEMO.coach, size);

    // the Admin entry (in the folded menu on phones) opens People
    if (size.width < 768) await admin.getByRole('button', { name: 'Open menu' }).click();
    await admin.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(admin).toHaveURL(/\/admin\/people$/);
    await expect(admin.getByRole('heading', { name: 'People', level: 2 })).toBeVisible();
    await expect(admin.getByText(DEMO.learner.email)).toBeVisible();
    expect(await violations(admin)).toEqual([]);

    await admin.getByRole('button', { name: 'Invite a person' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a person' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('First name').fill('Ivy');
    await dialog.getByLabel('Last name').fill(`Invitee ${size.width}`);
    expect(await violations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await admin.getByLabel('Search by name or e-mail').fill(email);
    const row = admin.getByRole('list', { name: 'People list' }).getByRole('listitem').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();

    // the invitee, in a browser of their own, opens the link from the mail
    let link: string | null = null;
    await expect.poll(() => (link = invitationLink(email)), { timeout: 15_000 }).not.toBeNull();
    const invitee = await (await browser.newContext({ viewport: size })).newPage();
    await invitee.goto(link as unknown as string);
    await expect(invitee).toHaveURL(/\/invitation\?token=/);
    await expect(invitee.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    expect(await violations(invitee)).toEqual([]);
    await invitee.getByLabel('New password').fill('ivy-secret-1');
    await invitee.getByLabel('Repeat the password').fill('ivy-secret-1');
    await invitee.getByLabel('I accept the terms of use and the privacy policy').check();
    await invitee.getByRole('button', { name: 'Set password and start' }).click();
    await expect(invitee).toHaveURL(/\/welcome$/);

    // the link worked once: opened again, it is refused with a way forward
    const again = await (await browser.newContext({ viewport: size })).newPage();
    await again.goto(link as unknown as string);
    await again.getByLabel('New password').fill('other-secret');
    await again.getByLabel('Repeat the password').fill('other-secret');
    await again.getByLabel('I accept the terms of use and the privacy policy').check();
    await again.getByRole('button', { name: 'Set password and start' }).click();
    await expect(again.getByRole('alert').filter({ hasText: 'no longer valid' })).toBeVisible();

    // the admin sees them active, and the invitation in the audit log
    await admin.reload();
    await admin.getByLabel('Search by name or e-mail').fill(email);
    await expect(
      admin.getByRole('listitem').filter({ hasText: email }).getByText('Active', { exact: true }),
    ).toBeVisible();
    await admin.getByRole('link', { name: 'Audit' }).click();
    await expect(admin.getByRole('table', { name: 'Audit log' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'Invited a person' }).first()).toBeVisible();
    expect(await violations(admin)).toEqual([]);
  });
}

test('the admin lists the SSO sign-up domains, and empties them to turn it off', async ({ browser }) => {
  const admin = await signedIn(browser, DEMO.coach, { width: 390, height: 844 });
  await admin.goto('/admin/people');
  const domains = admin.getByLabel('E-mail domains');
  await expect(domains).toBeEnabled();
  await expect(domains).toHaveValue('');
  await domains.fill('not a domain');
  await admin.getByRole('button', { name: 'Save domains' }).click();
  await expect(admin.getByText('Enter domains such as example.com, separated by commas')).toBeVisible();
  await domains.fill('Example.ORG,  acme.example');
  await admin.getByRole('button', { name: 'Save domains' }).click();
  await expect(admin.getByText('Sign-up domains saved')).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel('E-mail domains')).toHaveValue('example.org, acme.example');
  expect(await violations(admin)).toEqual([]);
  await admin.getByLabel('E-mail domains').fill('');
  await admin.getByRole('button', { name: 'Save domains' }).click();
  await expect(admin.getByText('SSO sign-up is off')).toBeVisible();
});

test('the admin lets coaches see who answered anonymous surveys, and turns it off again', async ({ browser }) => {
  const admin = await signedIn(browser, DEMO.coach, { width: 1280, height: 800 });
  await admin.goto('/admin/people');
  const box = admin.getByRole('checkbox', { name: 'Coaches see who answered anonymous surveys' });
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await box.focus();
  await admin.keyboard.press('Space');
  await expect(admin.getByText('Coaches now see who answered anonymous surveys')).toBeVisible();
  await admin.reload();
  await expect(box).toBeChecked();
  expect(await violations(admin)).toEqual([]);
  await admin.setViewportSize({ width: 390, height: 844 });
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeInViewport();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await violations(admin)).toEqual([]);
  await box.click();
  await expect(admin.getByText('Anonymous survey answers stay anonymous for coaches')).toBeVisible();
  await admin.reload();
  await expect(box).not.toBeChecked();
});
