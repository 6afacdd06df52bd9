import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';

export const DEMO = {
  learner: { email: 'learner@example.com', password: 'learner123' },
  rival: { email: 'rival@example.com', password: 'rival123' },
  coach: { email: 'coach@example.com', password: 'coach123' },
};

/** Signs in once through the API so the next UI sign-in is not a first login. */
export async function warmUpLogin(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/login', {
    data: { username: who.email, password: who.password, accepted: true },
  });
  expect(res.status()).toBe(200);
}

/** Fills and submits the login form. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The WCAG 2.1 A and AA violations axe finds on the page as it is now, one line each; empty when there are none. */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A page in a browser context of its own at `size`, signed in as `who` through the login form, on /games. */
export async function signedIn(
  browser: Browser,
  who: { email: string; password: string },
  size: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: size })).newPage();
  await warmUpLogin(page.request, who);
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/games$/);
  return page;
}

/** The newest password-reset link mailed to `email`, read from the outbox the server writes; null when none yet. */
export function latestResetLink(email: string): string | null {
  const dir = join(E2E_DATA_DIR, 'outbox');
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  for (const f of files.reverse()) {
    const raw = readFileSync(join(dir, f), 'utf8');
    if (!raw.includes(email)) continue;
    const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = unfolded.match(/https?:\/\/[^\s"<>]+\/password\/reset\?[^\s"<>]+/);
    if (m) return m[0].replace(/&amp;/g, '&');
  }
  return null;
}

/** The invitation link mailed to `email` (path and query), read from the outbox the server writes; null when none yet. */
export function invitationLink(email: string): string | null {
  const dir = join(E2E_DATA_DIR, 'outbox');
  if (!existsSync(dir)) return null;
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = readFileSync(join(dir, f), 'utf8');
    if (!raw.includes(email)) continue;
    const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = unfolded.match(/https?:\/\/[^\s"<>]+\/welcome\/new\?invitation=[A-Za-z0-9_-]+/);
    if (m) {
      const u = new URL(m[0]);
      return u.pathname + u.search;
    }
  }
  return null;
}

/**
 * A learner of Acme nobody has used yet, made through the admin side (invited by the demo admin, the mailed link
 * accepted with `password`) and assigned the demo exam: for journeys that need a first reward or a first attempt
 * the seeded users may have had already, whatever journeys ran before.
 */
export async function freshLearner(
  request: APIRequestContext,
  label: string,
  password: string,
): Promise<{ email: string; password: string; id: number }> {
  const headers = await adminHeaders(request);
  const email = `${label}-${Date.now()}@example.com`;
  const invited = await request.post('/api/admin/users', {
    headers,
    data: { email, firstname: 'Fresh', lastname: label, language: 'en', role: 'learner' },
  });
  expect(invited.status(), await invited.text()).toBeLessThan(300);
  const id = (await invited.json()).data.id as number;
  let link: string | null = null;
  await expect.poll(() => (link = invitationLink(email)), { timeout: 15_000 }).not.toBeNull();
  const token = new URL(`http://x${link}`).searchParams.get('invitation');
  const accepted = await request.post(`/api/invitations/${token}`, { data: { password, accepted: true } });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const trails = (await (await request.get('/api/admin/trails', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const exam = trails.find((t) => t.name === 'Demo exam');
  expect(exam).toBeDefined();
  const assigned = await request.post(`/api/admin/trails/${exam?.id}/assignments`, {
    headers,
    data: { user_ids: [id] },
  });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);
  return { email, password, id };
}

/** The demo admin's (the coach's) bearer header, for journeys that prepare people and trails through the admin API. */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const login = await request.post('/api/login', {
    data: { username: DEMO.coach.email, password: DEMO.coach.password, accepted: true },
  });
  return { authorization: `Bearer ${(await login.json()).data.access_token}` };
}

/**
 * A trail of Acme of the journey's own, made as an admin would (docs/admin.md): the package `yaml` uploaded, then
 * published and assigned to `userIds`. Returns its id.
 */
export async function uploadedTrail(request: APIRequestContext, yaml: string, userIds: number[]): Promise<number> {
  const headers = await adminHeaders(request);
  const uploaded = await request.post('/api/admin/trails', {
    headers,
    multipart: { file: { name: 'trail.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const id = (await uploaded.json()).data.id as number;
  const published = await request.post(`/api/admin/trails/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  const assigned = await request.post(`/api/admin/trails/${id}/assignments`, { headers, data: { user_ids: userIds } });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);
  return id;
}
