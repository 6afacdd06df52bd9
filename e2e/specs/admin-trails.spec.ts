import { expect, test } from '@playwright/test';
import { DEMO, signedIn, violations } from './support';

const pkg = (name: string, secondOptions: string) => `format: cairn-trail/1
name: ${name}
type: survey
pebbles:
  - name: Helmets
    xp: 5
    minerals: [ { type: sa_text, title: Do you wear a helmet on site?, values: [ 'Always', 'Sometimes' ] } ]
  - name: Gloves
    xp: 5
    minerals: [ { type: sa_text, title: Which gloves for chemicals?, values: [ ${secondOptions} ] } ]
`;

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the admin uploads, fixes, previews, publishes and assigns a trail to a team; a member sees it live (${size.width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const name = `Site safety ${size.width}`;
    const admin = await signedIn(browser, DEMO.coach, size);
    // a member of Team Summit; the rival rather than the learner, whose first sign-in auth.spec.ts checks
    const learner = await signedIn(browser, DEMO.rival, size);
    await expect(learner.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(learner.getByText(name)).toHaveCount(0);

    // a package with a mistake: the problem is shown by its path, nothing is imported
    await admin.goto('/admin/trails');
    await expect(admin.getByRole('heading', { name: 'Upload a trail' })).toBeVisible();
    // the list has loaded: the session's refresh after the page load is behind us (it re-renders the screen)
    await expect(admin.getByRole('list', { name: 'Trails of your organisation' })).toBeVisible();
    const file = admin.getByLabel('Package file');
    await file.setInputFiles({
      name: 'safety.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(pkg(name, "'Nitrile'")),
    });
    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    const refusal = admin.getByRole('alert').filter({ hasText: 'nothing was imported' });
    await expect(refusal).toContainText('1 problem: nothing was imported');
    await expect(refusal).toContainText('refused: 1 problem(s), nothing imported');
    await expect(refusal).toContainText('pebbles[1].minerals[0].values: at least 2 options');
    await expect(admin.getByRole('list', { name: 'Trails of your organisation' }).getByText(name)).toHaveCount(0);
    expect(await violations(admin), `refusal at ${size.width}px`).toEqual([]);
    await admin.screenshot({ path: `test-results/admin-trails-refused-${size.width}.png`, fullPage: true });

    // fixed: checked, then uploaded as a draft
    await file.setInputFiles({
      name: 'safety.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(pkg(name, "'Nitrile', 'Cotton'")),
    });
    await admin.getByRole('button', { name: 'Check only' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'is fine (2 pebbles)' })).toBeVisible();
    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'was uploaded as a draft' })).toBeVisible();
    // the choice is cleared: the same file cannot be uploaded twice by a second click
    await expect(admin.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    const row = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name }) });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();

    // the learner's preview: the admin plays the draft in the player
    await row.getByRole('button', { name: 'Preview' }).click();
    await expect(admin).toHaveURL(/\/games\/\d+$/);
    await admin.getByRole('link', { name: /^(Start|Continue) trail$/ }).click();
    await expect(admin.locator('form[data-pebble-id]')).toBeVisible();
    await expect(admin.getByText('Do you wear a helmet on site?')).toBeVisible();

    // publish, then assign to the demo team with a due date
    await admin.goto('/admin/trails');
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Publish' }).click();
    const confirm = admin.getByRole('dialog', { name: `Publish “${name}”?` });
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(row.getByText('Published', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Assign' }).click();
    const dialog = admin.getByRole('dialog', { name: `Assign “${name}”` });
    await dialog.getByRole('checkbox', { name: /^Team Summit \(/ }).check();
    await dialog.getByLabel('Due on (optional)').fill('2030-06-30');
    expect(await violations(admin), `assign dialog at ${size.width}px`).toEqual([]);
    await admin.screenshot({ path: `test-results/admin-trails-assign-${size.width}.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(admin.getByText('Assigned to 3 people.')).toBeVisible();
    await expect(row.getByText('assigned to 3 people')).toBeVisible();

    // the team member's Home shows it without a reload
    await expect(learner.getByText(name)).toBeVisible({ timeout: 15_000 });
    await learner.screenshot({ path: `test-results/admin-trails-learner-${size.width}.png`, fullPage: true });

    // leave the demo users as they were: unassign the team (their Home drops it, live too)
    await row.getByRole('button', { name: 'Assign' }).click();
    await dialog.getByRole('checkbox', { name: /^Team Summit \(/ }).check();
    await dialog.getByRole('button', { name: 'Unassign' }).click();
    await expect(admin.getByText('Unassigned from 3 people.')).toBeVisible();
    await expect(learner.getByText(name)).toHaveCount(0, { timeout: 15_000 });
    await admin.context().close();
    await learner.context().close();
  });
}

test('the teams screen lists the demo team with its admin and passes axe at both sizes', async ({ browser }) => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const admin = await signedIn(browser, DEMO.coach, size);
    await admin.goto('/admin/teams');
    const team = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Team Summit' }) });
    await expect(team.getByRole('list', { name: 'Members of Team Summit' })).toBeVisible();
    await expect(team.getByText('Admin', { exact: true })).toBeVisible();
    expect(await violations(admin), `teams at ${size.width}px`).toEqual([]);
    await admin.screenshot({ path: `test-results/admin-teams-${size.width}.png`, fullPage: true });
    await admin.context().close();
  }
});

test('the admin forms a team and adds Rico through the search; his chat list shows the team live, and loses it when it is deleted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const size = { width: 1280, height: 800 };
  const admin = await signedIn(browser, DEMO.coach, size);
  const rival = await signedIn(browser, DEMO.rival, size);
  const panel = rival.getByRole('dialog', { name: 'Side panel' });
  await rival.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: /^Chat/ }).click();
  await expect(panel.getByTestId('discussion').first()).toBeVisible();
  await expect(panel.getByTestId('discussion').filter({ hasText: 'Night shift' })).toHaveCount(0);

  await admin.goto('/admin/teams');
  await expect(admin.getByRole('list', { name: 'Teams of your organisation' })).toBeVisible();
  await admin.getByLabel('New team name').fill('Night shift');
  await admin.getByRole('button', { name: 'Create team' }).click();
  const team = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Night shift' }) });
  await expect(team.getByText('This team has no members yet.')).toBeVisible();
  await team.getByRole('button', { name: 'Add people' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add people to “Night shift”' });
  await dialog.getByLabel('Find people by name or e-mail').fill('rival');
  await dialog.getByRole('button', { name: 'Add Rico Rival' }).click();
  await dialog.getByRole('button', { name: 'Add to team' }).click();
  await team.getByRole('button', { name: 'Make Rico Rival the team admin' }).click();
  await expect(team.getByText('Admin', { exact: true })).toBeVisible();

  // Rico's open chat list gains the team without a reload
  await expect(panel.getByTestId('discussion').filter({ hasText: 'Night shift' })).toBeVisible({ timeout: 15_000 });

  await team.getByRole('button', { name: 'Delete' }).click();
  await admin.getByRole('dialog', { name: 'Delete “Night shift”?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('heading', { name: 'Night shift' })).toHaveCount(0);
  await expect(panel.getByTestId('discussion').filter({ hasText: 'Night shift' })).toHaveCount(0, { timeout: 15_000 });
  await admin.context().close();
  await rival.context().close();
});
