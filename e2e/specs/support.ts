import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
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
