import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, signIn, violations, warmUpLogin } from './support';

type Mineral = { id: number; type: string; properties: { values?: { id: number }[] } };

/** A valid answer to each mineral of a pebble; learner k picks the k-th option (mod the options), so answers vary. */
function answersFor(minerals: Mineral[], k: number) {
  return minerals.map((m) => {
    const ids = (m.properties.values ?? []).map((v) => v.id);
    if (m.type === 'order') return { id: m.id, options: k % 2 ? ids : [...ids].reverse() };
    if (ids.length > 0) return { id: m.id, options: [ids[k % ids.length]] };
    if (m.type === 'number_input') return { id: m.id, value: String(k) };
    if (m.type === 'date_input') return { id: m.id, value: `2024-01-0${(k % 9) + 1}` };
    return { id: m.id, value: k % 2 ? 'Paris' : 'Lyon' };
  });
}

/**
 * Visitors of the demo link (the demo exam, docs/insight.md counts public learners' attempts too) play the whole
 * exam through the API, each with answers of their own. The seeded learners are left as they are for the other
 * journeys.
 */
async function playDemoExam(request: APIRequestContext, k: number) {
  const login = await request.post('/api/public/login/demo', { data: {} });
  expect(login.status()).toBe(200);
  const { access_token: token, trail_id: trailId } = (await login.json()).data;
  const headers = { authorization: `Bearer ${token}` };
  for (let step = 0; step < 30; step++) {
    const res = await request.get(`/api/pebbles/${trailId}`, { headers });
    expect(res.status()).toBe(200);
    const pebble = (await res.json()).data;
    const done = await request.post(`/api/pebbles/${pebble.id}`, {
      headers,
      data: { answers: answersFor(pebble.minerals, k + step), action: 'swipe' },
    });
    expect(done.status(), await done.text()).toBe(200);
    const game = (await (await request.get(`/api/games/${trailId}`, { headers })).json()).data;
    if (game.progress.status === 'completed') return;
  }
  throw new Error('the demo exam did not complete');
}

test('a coach opens the insight of the demo exam, sorts by discrimination, opens an option table and downloads the CSV', async ({
  page,
  request,
}) => {
  for (let k = 0; k < 8; k++) await playDemoExam(request, k);
  await warmUpLogin(request, DEMO.coach);
  await page.goto('/login');
  await signIn(page, DEMO.coach);
  await expect(page).toHaveURL(/\/games$/);

  // from the coach's trail list
  await page.goto('/coach');
  await page.getByLabel('Assigned trail').selectOption({ label: 'Demo exam' });
  await page.getByRole('link', { name: 'Question insight for this trail' }).click();
  await expect(page).toHaveURL(/\/coach\/insight\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insight: Demo exam' })).toBeVisible();
  // the settled figures arrive once the job has run (the screen asks again meanwhile)
  await expect(page.getByTestId('settled-at')).toContainText('last computed', { timeout: 20_000 });

  const table = page.getByRole('table', { name: 'Pebbles' });
  const header = table.getByRole('columnheader', { name: /Discrimination/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const column = await table.locator('tbody tr td:nth-child(6)').allInnerTexts();
  const values = column.filter((v) => v !== '—').map((v) => Number.parseFloat(v.replace('−', '-')));
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // the first choice pebble's options
  await table.getByRole('button', { name: 'Capitals' }).click();
  await expect(page.getByRole('heading', { name: 'Options of Capitals' })).toBeVisible();
  const options = page.getByRole('region', { name: 'Options table' }).getByRole('table');
  await expect(options.getByRole('rowheader', { name: /Paris/ })).toBeVisible();
  await expect(options.getByRole('row')).toHaveCount(5);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    expect(await violations(page), `insight at ${size.width}px`).toEqual([]);
    await page.screenshot({ path: `test-results/insight-${size.width}.png`, fullPage: true });
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^insight-\d+\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('"pebble_id","position","pebble","attempts"');
  expect(csv).toContain('"Capitals"');
  expect(csv).toContain('"Paris",true');
});
