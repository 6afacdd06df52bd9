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
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console:', m.text().slice(0, 200));
});
await page.goto(base + '/public/demo', { waitUntil: 'networkidle' });
console.log('public →', page.url());
await page.screenshot({ path: '/tmp/shots/public-game.png' });
await page.getByRole('button', { name: 'Exit' }).click();
await page.screenshot({ path: '/tmp/shots/public-exit.png' });
await page.getByRole('button', { name: 'Yes' }).click();
await page.waitForURL(/thank-you/);
console.log('exit →', page.url());
// login + logout
await page.goto(base + '/login?redirect=%2Fme', { waitUntil: 'networkidle' });
await page.getByLabel('Email').fill('learner@example.com');
await page.getByLabel('Password').fill('wrongpass');
await page.getByRole('button', { name: 'Login' }).click();
console.log('wrong creds alert:', await page.getByRole('alert').textContent());
await page.getByLabel('Password').fill('learner123');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/\/me|welcome/);
console.log('login redirect →', page.url());
await page.getByRole('button', { name: 'Account menu' }).click();
await page.keyboard.press('ArrowDown');
await page.keyboard.press('ArrowDown');
const focused = await page.evaluate(() => document.activeElement?.textContent);
console.log('keyboard focus on', focused);
await page.getByRole('menuitem', { name: 'Logout' }).click();
await page.waitForURL(/login/);
console.log('logout →', page.url(), await page.evaluate(() => localStorage.getItem('cairn.session')));
// expired
await page.goto(base + '/login', { waitUntil: 'networkidle' });
await page.getByLabel('Email').fill('learner@example.com');
await page.getByLabel('Password').fill('learner123');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/games|welcome/);
await page.evaluate(() => {
  const s = JSON.parse(localStorage.getItem('cairn.session'));
  s.accessExpiresAt = 0;
  s.refreshExpiresAt = 1;
  localStorage.setItem('cairn.session', JSON.stringify(s));
});
await page.goto(base + '/me', { waitUntil: 'networkidle' });
console.log('expired →', page.url(), await page.getByRole('alertdialog').count());
await page.screenshot({ path: '/tmp/shots/expired.png' });
await page.getByRole('alertdialog').getByRole('button', { name: 'Login' }).click();
console.log('after Oops login →', page.url(), await page.getByRole('alertdialog').count());
// rate-limit or 422 toast via forgot with bad email? call forgot with unknown
await page.goto(base + '/password/forgot', { waitUntil: 'networkidle' });
await page.getByLabel('Email').fill('nobody@example.com');
await page.getByRole('button', { name: 'Send reset link' }).click();
await page.waitForURL(/linksent/);
console.log('forgot →', page.url());
await page.goto(base + '/de/login', { waitUntil: 'networkidle' });
console.log('html lang', await page.evaluate(() => document.documentElement.lang));
await page.getByLabel('Choose language').selectOption('fr');
await page.waitForURL(/\/fr\/login/);
console.log('switch →', page.url(), (await ctx.cookies()).map((c) => c.name + '=' + c.value).join(';'));
await browser.close();
