import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const base = 'http://localhost:3000';
const sizes = { phone: { width: 390, height: 844 }, desk: { width: 1280, height: 800 } };
const which = process.argv[2] || 'all';
for (const [name, viewport] of Object.entries(sizes)) {
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log(name, 'pageerror:', e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(name, 'console:', m.text().slice(0, 200));
  });
  const shot = async (label) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png` });
    console.log(name, label, page.url());
  };
  await page.goto(base + '/games', { waitUntil: 'networkidle' });
  await shot('login');
  await page.getByLabel('Email').fill('learner@example.com');
  await page.getByLabel('Password').fill('learner123');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/games|welcome/);
  await page.waitForLoadState('networkidle');
  await shot('after-login');
  await page.goto(base + '/games', { waitUntil: 'networkidle' });
  await shot('games');
  if (name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot('burger');
    await page.getByRole('button', { name: 'Close menu' }).click();
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  await shot('menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await shot('panel');
  await page.keyboard.press('Escape');
  await page.goto(base + '/me/edit', { waitUntil: 'networkidle' });
  await shot('me-edit');
  await page.goto(base + '/de/games', { waitUntil: 'networkidle' });
  await shot('de-games');
  await page.goto(base + '/nope', { waitUntil: 'networkidle' });
  await shot('404');
  await page
    .getByRole('button', { name: 'Account menu' })
    .count()
    .then(() => {});
  await ctx.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(base + '/password/linksent', { waitUntil: 'networkidle' });
  await shot('linksent');
  await page.goto(base + '/password/reset?email=a@b.c&token=x', { waitUntil: 'networkidle' });
  await shot('reset');
  await ctx.close();
}
await browser.close();
